// libass (through ffmpeg's `ass` filter) lights the spoken word, word after word, without moving
// the line; and in pop mode draws the one word alone.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { buildAss } from './build-ass.ts';

const W = 384;
const H = 288;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roughcut-captions-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Pure red highlight on white text, no outline nor shadow: a red pixel is the lit word only.
const STYLE: DrawSettings = {
  ...DEFAULT_DRAW_SETTINGS,
  font_name: 'Verdana',
  size: 30,
  outline: 0,
  shadow: 0,
  primary_color_red: 255,
  primary_color_green: 255,
  primary_color_blue: 255,
  word_highlight: true,
  highlight_color_red: 255,
  highlight_color_green: 0,
  highlight_color_blue: 0,
};

const PHRASE = {
  start: 0,
  end: 3,
  phrase: 'one two three',
  words: [
    { text: 'one', start: 0, end: 0.8 },
    { text: 'two', start: 1, end: 1.8 },
    { text: 'three', start: 2, end: 2.8 },
  ],
};

type Box = { left: number; right: number; pixels: number };

/** The frame at `time` as RGB, with the box of the red (lit) and of all drawn pixels. */
async function frameAt(settings: DrawSettings, time: number, name: string) {
  const assFile = path.join(dir, `${name}.ass`);
  const raw = path.join(dir, `${name}.rgb`);
  await writeFile(assFile, buildAss([PHRASE], settings));
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `color=black:size=${W}x${H}:rate=25:duration=3`],
    ...['-vf', `ass=${assFile}`, '-ss', String(time), '-frames:v', '1'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', raw],
  ]);
  const rgb = await readFile(raw);
  const box = (test: (r: number, g: number, b: number) => boolean): Box => {
    const out = { left: W, right: -1, pixels: 0 };
    for (let i = 0; i < W * H; i++) {
      if (!test(rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0)) continue;
      const x = i % W;
      out.left = Math.min(out.left, x);
      out.right = Math.max(out.right, x);
      out.pixels++;
    }
    return out;
  };
  return {
    lit: box((r, g, b) => r > 200 && g < 60 && b < 60),
    drawn: box((r, g, b) => r + g + b > 150),
  };
}

describe('word-by-word captions through libass', () => {
  it('lights each word in turn, left to right, and the line never moves', async () => {
    const frames = await Promise.all([0.4, 1.4, 2.4].map((t, i) => frameAt(STYLE, t, `lit-${i}`)));
    const [one, two, three] = frames.map((f) => f.lit);
    for (const lit of [one, two, three]) expect(lit?.pixels).toBeGreaterThan(50);
    expect(one!.right).toBeLessThan(two!.left);
    expect(two!.right).toBeLessThan(three!.left);
    const lines = frames.map((f) => f.drawn);
    for (const line of lines) {
      expect(Math.abs(line.left - lines[0]!.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(line.right - lines[0]!.right)).toBeLessThanOrEqual(1);
    }
  });

  it('keeps the word lit through the pause before the next one', async () => {
    const pause = await frameAt(STYLE, 0.9, 'pause');
    const during = await frameAt(STYLE, 0.4, 'during');
    expect(pause.lit).toEqual(during.lit);
  });

  it('draws one word at a time in pop mode, centred alone', async () => {
    const pop = { ...STYLE, one_word_at_a_time: true };
    const frame = await frameAt(pop, 1.4, 'pop');
    const line = await frameAt(STYLE, 1.4, 'line');
    // Only "two": as wide as the lit word of the whole line, and centred.
    expect(frame.drawn.right - frame.drawn.left).toBeLessThan(
      (line.drawn.right - line.drawn.left) / 2,
    );
    expect(Math.abs(frame.drawn.left + frame.drawn.right - W)).toBeLessThan(8);
    expect(frame.lit.pixels).toBeGreaterThan(50);
  });
});
