// Waveform benchmark (issue 11): what keeping a one-hour recording's waveform costs at analysis
// (scale, encode, store) and what the clip timeline's waveform answer costs (read, peaks, JSON) for
// the one-hour long form and a 60 s short clip. The energy track is synthetic (speech and silence
// with noise): the work and sizes depend on its length, not on what it says.
//   node apps/server/bench/waveform.bench.ts [--minutes=60]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  encodeWaveform,
  loadWaveform,
  saveWaveform,
  toWaveformTrack,
  waveformKey,
  waveformPeaks,
} from '../src/modules/edit/clip-waveform.storage.ts';
import { MediaStorage } from '../src/storage/media-storage.ts';

const FRAME_S = 0.01;

function syntheticEnergy(minutes: number): { frameS: number; db: Float32Array } {
  const frames = Math.round((minutes * 60) / FRAME_S);
  const db = new Float32Array(frames);
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < frames; i++) {
    // About 4 s of speech, then 1 s of room noise.
    const speaking = i % 500 < 400;
    db[i] = speaking ? -30 + 12 * random() : -62 + 4 * random();
  }
  return { frameS: FRAME_S, db };
}

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function run(minutes = 60): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rc-waveform-bench-'));
  const rows: { measure: string; value: string }[] = [];
  try {
    const storage = new MediaStorage(dir);
    const energy = syntheticEnergy(minutes);
    const heapBefore = process.memoryUsage().heapUsed;
    const [, scaleMs] = await timed(() => encodeWaveform(toWaveformTrack(energy)));
    rows.push({ measure: `scale and encode ${minutes} min`, value: ms(scaleMs) });
    const [, saveMs] = await timed(() => saveWaveform(storage, 'job', 'instance', energy));
    const stored = await storage.stat(waveformKey('job', 'instance'));
    rows.push({ measure: 'store (the above, then a synced write)', value: ms(saveMs) });
    rows.push({ measure: 'stored size', value: kb(stored?.size ?? 0) });
    const [track, readMs] = await timed(() => loadWaveform(storage, 'job', 'instance'));
    if (!track) throw new Error('the stored waveform could not be read back');
    rows.push({ measure: 'read back', value: ms(readMs) });
    const windows = [
      { name: `whole ${minutes} min clip`, window: { start: 0, end: minutes * 60 } },
      { name: '60 s short clip', window: { start: 600, end: 660 } },
    ];
    for (const { name, window } of windows) {
      const [answer, peaksMs] = await timed(() => waveformPeaks(track, window));
      const [json, jsonMs] = await timed(() => JSON.stringify(answer));
      rows.push({
        measure: `answer for the ${name}`,
        value: `${ms(peaksMs + jsonMs)}, ${answer.peaks.length} values at ${answer.rate}/s, ${kb(Buffer.byteLength(json))} JSON`,
      });
    }
    const heapAfter = process.memoryUsage().heapUsed;
    rows.push({ measure: 'heap growth', value: kb(Math.max(0, heapAfter - heapBefore)) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map((r) => r.measure.length));
  for (const row of rows) process.stdout.write(`${row.measure.padEnd(width)}  ${row.value}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = process.argv.find((a) => a.startsWith('--minutes='));
  await run(arg ? Number(arg.slice('--minutes='.length)) : 60);
}
