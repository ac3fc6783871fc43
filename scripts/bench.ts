// `npm run bench` runs every part; `npm run bench -- engine` runs one. A part is a module exporting
// `run(): Promise<void>` that prints its own table; add new parts here.
export type BenchPart = { name: string; load: () => Promise<{ run: () => Promise<void> }> };

const PARTS: BenchPart[] = [
  { name: 'engine', load: () => import('../packages/engine/bench/engine.bench.ts') },
  { name: 'quality', load: () => import('../packages/engine/bench/quality.bench.ts') },
  { name: 'fillers', load: () => import('../packages/engine/bench/fillers.bench.ts') },
  { name: 'asr', load: () => import('../packages/engine/bench/asr.bench.ts') },
  { name: 'asr-degraded', load: () => import('../packages/engine/bench/asr-degraded.bench.ts') },
  { name: 'journey', load: () => import('../apps/server/bench/journey.bench.ts') },
  { name: 'timeline', load: () => import('../e2e/gap-timeline.bench.ts') },
  { name: 'waveform', load: () => import('../apps/server/bench/waveform.bench.ts') },
  { name: 'drift', load: () => import('../packages/engine/bench/drift.bench.ts') },
  { name: 'load', load: () => import('../apps/server/bench/load.bench.ts') },
  { name: 'exports-load', load: () => import('../apps/server/bench/exports-load.bench.ts') },
  { name: 'exports-scale', load: () => import('../packages/engine/bench/exports-scale.bench.ts') },
  { name: 'reframe', load: () => import('../packages/engine/bench/reframe.bench.ts') },
  { name: 'upload', load: () => import('../apps/server/bench/upload.bench.ts') },
  { name: 'scale', load: () => import('../apps/server/bench/scale.bench.ts') },
];

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !PARTS.some((p) => p.name === w));
if (unknown.length) {
  process.stderr.write(
    `bench: unknown part ${unknown.join(', ')} (parts: ${PARTS.map((p) => p.name).join(', ')})\n`,
  );
  process.exit(2);
}
for (const part of PARTS.filter((p) => !wanted.length || wanted.includes(p.name))) {
  process.stdout.write(`\n== ${part.name} ==\n`);
  const module = await part.load();
  await module.run();
}
