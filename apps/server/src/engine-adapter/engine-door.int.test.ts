// The engine's door by weight: a server that serves the API without the embedded worker must not
// load the engine's work (recognisers, voice detector, reframing, renderer) at start-up or for
// requests that do not need it (listing languages asks the recognisers, so it loads them then). Checked in a fresh node process, whose module loader reports
// every file it loads; the process also reports its memory once started.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRecordingLoads } from '../test/module-loads.ts';

const APP = new URL('../app.ts', import.meta.url).href;
const CONFIG = new URL('../config.ts', import.meta.url).href;

const SCRIPT = `
const { buildApp } = await import(${JSON.stringify(APP)});
const { loadConfig } = await import(${JSON.stringify(CONFIG)});
const app = await buildApp(loadConfig());
await app.ready();
const statuses = [];
for (const url of ['/api/health', '/fonts/arial.ttf']) {
  statuses.push((await app.inject({ method: 'GET', url })).statusCode);
}
const engine = loaded
  .filter((url) => url.includes('/packages/engine/src/'))
  .map((url) => url.slice(url.indexOf('/packages/engine/src/') + '/packages/engine/src/'.length));
const packages = [...new Set(loaded
  .filter((url) => url.includes('/node_modules/'))
  .map((url) => url.split('/node_modules/').pop().split('/').slice(0, 2).join('/')))];
const rssMb = Math.round(process.memoryUsage().rss / 1e6);
await app.close();
console.log(JSON.stringify({ statuses, engine, packages, rssMb }));
`;

type Report = { statuses: number[]; engine: string[]; packages: string[]; rssMb: number };

describe('the engine door', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-door-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the work out of a server without the embedded worker', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      EMBEDDED_WORKER: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const report = await runRecordingLoads<Report>(SCRIPT, env);
    expect(report.statuses).toEqual([200, 200]);
    // The light entry is loaded (probe, fonts, languages' configuration), the work is not.
    expect(report.engine).toContain('index.ts');
    expect(report.engine).toContain('languages/available-languages.ts');
    const work = report.engine.filter((file) =>
      /^(transcribe|audio|reframe|render|pipeline|onnx|work\.ts)/.test(file),
    );
    expect(work).toEqual([]);
    const heavy = report.packages.filter((name) =>
      /^(onnxruntime-web|@tensorflow|@vladmandic|@ricky0123|smart-whisper)/.test(name),
    );
    expect(heavy).toEqual([]);
    expect(report.rssMb).toBeGreaterThan(0);
  }, 120_000);
});
