import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { EXPORT_FORMATS, TIMELINE_FORMATS } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesToSeconds, rateOf } from '../exports/frame-time.ts';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
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

/** A clips file as `clips` writes it: one clip over the whole video, cut at `gaps`. */
const clipsFile = async (
  name: string,
  clip: { is_long_form: boolean; end: number },
  gaps: { id: string; start: number; end: number }[],
): Promise<string> => {
  const file = join(dir, name);
  const phrase = { start: 0.2, end: 1.4, phrase: 'Hello there', words: [] };
  const body = { title: name, description: '', engagement_score: 1, start: 0, segments: [phrase] };
  await writeFile(file, JSON.stringify({ clips: [{ ...body, ...clip }], gaps }));
  return file;
};

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

  it('lays the ASS transcript out at the video size', async () => {
    const ass = await engine('transcribe', video.path, '--format', 'ass', '-q');
    expect(ass).toMatch(/^PlayResX: 320$/m);
    expect(ass).toMatch(/^PlayResY: 180$/m);
  });

  it('writes a zip of EDL lists for a cut of more than 999 events, as the app does', async () => {
    const long = join(dir, 'long.mp4');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=gray:size=64x36:rate=25:duration=302'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=302'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', long],
    ]);
    // 1,200 gaps a quarter of a second apart, each longer than the tolerance that merges gaps.
    const gaps = Array.from({ length: 1200 }, (_, i) => ({
      id: `gap-${i + 1}`,
      start: 0.12 + i * 0.25,
      end: 0.23 + i * 0.25,
    }));
    const clips = await clipsFile('cuts.json', { is_long_form: true, end: 302 }, gaps);
    const { stdout } = await run(
      process.execPath,
      [BIN, 'export', long, '--format', 'edl', '--clips', clips],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
    );
    expect([...stdout.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    for (const part of ['cuts.json-part1.edl', 'cuts.json-part2.edl']) {
      expect(stdout.includes(Buffer.from(part)), part).toBe(true);
    }
    expect(stdout.includes(Buffer.from('TITLE: cuts.json (part 2 of 2)'))).toBe(true);
  });

  it('exports a short at the size its render has, centre-cropped and captioned', async () => {
    const clips = await clipsFile('short.json', { is_long_form: false, end: 4 }, []);
    const mlt = await engine(
      'export',
      video.path,
      '--format',
      'mlt',
      '--clips',
      clips,
      '--clip',
      '1',
    );
    expect(mlt).toContain('width="1080" height="1920"');
    expect(mlt).toContain('<property name="mlt_service">affine</property>');
    expect(mlt).toContain('<property name="family">League Spartan Black</property>');
    const plain = await engine(
      ...['export', video.path, '--format', 'mlt', '--clips', clips, '--clip', '1'],
      '--no-subtitles',
    );
    expect(plain).not.toContain('League Spartan Black');
  });
});
