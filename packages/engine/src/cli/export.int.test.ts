import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { EXPORT_FORMATS, TIMELINE_FORMATS } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesToSeconds, rateOf } from '../exports/frame-time.ts';
import { runFfprobe } from '../media/ffmpeg-runner.ts';
import { makeTalkingVideo } from '../testing/test-media.ts';
import type { TalkingVideo } from '../testing/test-media.ts';
import { readLength, readTimeline } from '../testing/timeline-readback.ts';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/roughcut-engine.js');
const RATE = rateOf(30000 / 1001);
let dir = '';
let video: TalkingVideo;
let clipsPath = '';

const engine = async (...args: string[]): Promise<string> =>
  (await run(process.execPath, [BIN, ...args], { maxBuffer: 16 * 1024 * 1024 })).stdout;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-cli-export-'));
  video = await makeTalkingVideo({
    dir,
    sentences: ['Welcome to this short video about editing.', 'Thank you for watching.'],
    silenceS: 1.5,
    width: 320,
    height: 180,
    fps: 30000 / 1001,
  });
  clipsPath = join(dir, 'clips.json');
  await writeFile(clipsPath, await engine('clips', video.path, '--long', '-q'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('roughcut-engine export', () => {
  it('writes every format for the long form, each as long as the render of the same clips', async () => {
    const out = join(dir, 'out');
    await engine('render', video.path, '--clips', clipsPath, '--out', out, '-q');
    const rendered = Number(
      (
        await runFfprobe([
          ...['-show_entries', 'format=duration', '-of', 'csv=p=0'],
          join(out, 'long-form.mp4'),
        ])
      ).trim(),
    );
    const texts = Object.fromEntries(
      await Promise.all(
        EXPORT_FORMATS.map(async (format) => [
          format,
          await engine('export', video.path, '--format', format, '--clips', clipsPath),
        ]),
      ),
    ) as Record<(typeof EXPORT_FORMATS)[number], string>;
    const timelines = TIMELINE_FORMATS.map((format) => readTimeline(format, texts[format], RATE));
    for (const timeline of timelines) {
      expect(timeline.rate).toEqual(RATE);
      expect(new Set(timeline.media)).toEqual(new Set([basename(video.path)]));
      const seconds = framesToSeconds(readLength(timeline.video), RATE);
      expect(Math.abs(seconds - rendered)).toBeLessThanOrEqual(framesToSeconds(1, RATE));
    }
    // The 1.5 s pause is cut: the sentences are on one cut, and the captions say them.
    expect(timelines[0]!.video.length).toBeGreaterThanOrEqual(1);
    expect(timelines[0]!.captions.map((c) => c.text).join(' ')).toMatch(/welcome.*watching/i);
    // The transcripts are timed on the cut video: the last cue ends within it.
    const lastEnd = [...texts.srt.matchAll(/--> (\d{2}):(\d{2}):(\d{2}),(\d{3})/g)].at(-1)!;
    const [h, m, s, ms] = lastEnd.slice(1).map(Number) as [number, number, number, number];
    expect(h * 3600 + m * 60 + s + ms / 1000).toBeLessThanOrEqual(rendered + 0.001);
    expect(h * 3600 + m * 60 + s + ms / 1000).toBeLessThan(video.durationS - 1.5);
    expect(texts.vtt).toMatch(/^WEBVTT\n\n/);
    expect(texts.ass).toContain('[Events]');
    expect(texts.txt.toLowerCase()).toContain('thank you for watching');
  });

  it('refuses a short that was not made, with a one-line reason', async () => {
    const error = (await engine(
      'export',
      video.path,
      '--format',
      'edl',
      '--clips',
      clipsPath,
      '--clip',
      '9',
    ).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(error.code).toBe(2);
    expect(error.stderr).toMatch(/^roughcut-engine: There is no short 9: 0 were made\.\n$/);
  });
});
