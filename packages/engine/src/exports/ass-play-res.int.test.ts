// The ASS export at the video's own PlayRes (issue 34) draws, in libass (ffmpeg's ass filter, the
// burn-in's renderer), what the burn-in's 384x288 script draws on the same frame: glyphs, sizes,
// margins and spacing within a pixel; an outline and a shadow within a few pixels (one value for
// both directions, see ass-play-res.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assFilter } from '../render/cut-graph.ts';
import { subtitleFontsDir } from '../subtitles/fonts-dir.ts';
import { toAss } from './transcript-exports.ts';

const run = promisify(execFile);
const PHRASES = [
  {
    start: 0,
    end: 5,
    phrase: 'The quick brown fox jumps over the lazy dog, again and again, until the line wraps',
  },
];
const FRAMES = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
];

let dir = '';
let fonts = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-ass-res-'));
  fonts = await subtitleFontsDir();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The script drawn by libass over one black frame, as 8-bit luma. */
async function draw(script: string, frame: { width: number; height: number }, name: string) {
  const path = join(dir, `${name}.ass`);
  await writeFile(path, script);
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `color=black:s=${frame.width}x${frame.height}:d=1`],
      ...['-vf', assFilter(path, fonts), '-frames:v', '1', '-pix_fmt', 'gray', '-f', 'rawvideo'],
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** [left, top, right, bottom] of the drawn pixels. */
function box(pixels: Buffer, width: number): number[] {
  const found = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < pixels.length; i++) {
    if (pixels[i]! <= 60) continue;
    const [x, y] = [i % width, Math.floor(i / width)];
    found[0] = Math.min(found[0]!, x);
    found[1] = Math.min(found[1]!, y);
    found[2] = Math.max(found[2]!, x);
    found[3] = Math.max(found[3]!, y);
  }
  return found;
}

const meanDifference = (a: Buffer, b: Buffer): number => {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

describe.each(FRAMES)('the ASS export on a $width x $height frame', (frame) => {
  const both = async (settings: DrawSettings, name: string) => {
    const burned = toAss(PHRASES, settings);
    const exported = toAss(PHRASES, settings, { frame });
    expect(burned).toContain('PlayResX: 384\nPlayResY: 288');
    expect(exported).toContain(`PlayResX: ${frame.width}\nPlayResY: ${frame.height}`);
    const tag = `${frame.width}-${name}`;
    return [await draw(burned, frame, `${tag}-burned`), await draw(exported, frame, `${tag}-ex`)];
  };

  it('draws the same pixels as the burn-in script: size, margins, spacing, wrapping', async () => {
    const settings = {
      ...DEFAULT_DRAW_SETTINGS,
      outline: 0,
      shadow: 0,
      size: 22,
      spacing: 3,
      alignment: 7,
      margin_left: 40,
      margin_right: 25,
      margin_vertical: 30,
    };
    const [burned, exported] = await both(settings, 'plain');
    const ours = box(exported!, frame.width);
    expect(ours[2]).toBeGreaterThan(0);
    // NOTE: a pixel for a margin rounded to whole pixels (40 x 1080/384 is 112.5).
    box(burned!, frame.width).forEach((edge, i) => {
      expect(Math.abs(edge - ours[i]!), `edge ${i}`).toBeLessThanOrEqual(1);
    });
    expect(meanDifference(burned!, exported!)).toBeLessThan(0.3);
  });

  it('draws the default style with its outline and shadow within a few pixels', async () => {
    const [burned, exported] = await both(DEFAULT_DRAW_SETTINGS, 'default');
    const ours = box(exported!, frame.width);
    box(burned!, frame.width).forEach((edge, i) => {
      expect(Math.abs(edge - ours[i]!), `edge ${i}`).toBeLessThanOrEqual(8);
    });
  });
});
