// libass (through ffmpeg's `ass` filter) draws what buildAss writes, and no phrase text can move it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { buildAss } from './build-ass.ts';

const W = 320;
const H = 240;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roughcut-ass-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Renders the phrase at t=0.5 s over black and returns the grey frame. */
async function renderFrame(phrase: string, name: string): Promise<Buffer> {
  const ass = buildAss([{ start: 0, end: 2, phrase }], DEFAULT_DRAW_SETTINGS);
  const assFile = path.join(dir, `${name}.ass`);
  const raw = path.join(dir, `${name}.gray`);
  await writeFile(assFile, ass);
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `color=black:size=${W}x${H}:rate=10:duration=1`],
    ...['-vf', `ass=${assFile}`, '-ss', '0.5', '-frames:v', '1'],
    ...['-f', 'rawvideo', '-pix_fmt', 'gray', raw],
  ]);
  return readFile(raw);
}

const litRows = (frame: Buffer): number[] => {
  const rows: number[] = [];
  for (let y = 0; y < H; y++) {
    let lit = 0;
    for (let x = 0; x < W; x++) if ((frame[y * W + x] ?? 0) > 60) lit++;
    if (lit > 0) rows.push(y);
  }
  return rows;
};

describe('buildAss through libass', () => {
  it('draws the phrase near the bottom (alignment 2, MarginV 60)', async () => {
    const rows = litRows(await renderFrame('Hello there', 'plain'));
    expect(rows.length).toBeGreaterThan(5);
    expect(Math.min(...rows)).toBeGreaterThan(H / 2);
  });

  it('keeps override tags in phrase text inert: text stays at the bottom, on one line', async () => {
    const rows = litRows(await renderFrame('{\\an7\\pos(0,0)\\fs80}Hi\\NHo\\Nthere', 'injected'));
    expect(rows.length).toBeGreaterThan(5);
    expect(Math.min(...rows)).toBeGreaterThan(H / 2);
    // One line of 18 px text (plus outline and shadow), not three lines nor an 80 px font.
    expect(Math.max(...rows) - Math.min(...rows)).toBeLessThan(40);
  });
});
