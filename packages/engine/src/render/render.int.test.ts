import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import { probeMedia } from '../media/probe.ts';
import { makeHevcVideo, makeRotatedVideo, makeVfrVideo } from '../testing/bad-media.ts';
import type { ProbeResult, Span } from '../types.ts';
import { renderLongForm } from './long-form.ts';
import { renderShortClip } from './short-clip.ts';

const FPS = 30;
const FRAME = 1 / FPS;
let dir = '';
let source = '';
let probe: ProbeResult;
let plainSource = '';
let plainProbe: ProbeResult;

type StreamInfo = { codec_type: string; duration: string; width?: number; height?: number };

async function streams(path: string): Promise<StreamInfo[]> {
  const json = await runFfprobe([
    '-show_entries',
    'stream=codec_type,duration,width,height',
    '-of',
    'json',
    path,
  ]);
  return (JSON.parse(json) as { streams: StreamInfo[] }).streams;
}

const duration = (info: StreamInfo[], type: string) =>
  Number(info.find((s) => s.codec_type === type)?.duration);

const sum = (spans: Span[]) => spans.reduce((t, s) => t + s.end - s.start, 0);

/** One frame at `t` as 8-bit grey pixels. */
async function greyFrame(path: string, t: number, width: number, height: number): Promise<Buffer> {
  const out = join(dir, `frame-${Math.random().toString(36).slice(2)}.gray`);
  await runFfmpeg([
    '-ss',
    String(t),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    'format=gray',
    '-f',
    'rawvideo',
    out,
  ]);
  const pixels = await readFile(out);
  expect(pixels.length).toBe(width * height);
  return pixels;
}

/** Pixels that differ clearly between two frames, in the bottom quarter and above it. */
function differingPixels(a: Buffer, b: Buffer, width: number, height: number) {
  let bottom = 0;
  let above = 0;
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i]! - b[i]!) < 60) continue;
    if (Math.floor(i / width) >= height * 0.75) bottom++;
    else above++;
  }
  return { bottom, above };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-render-'));
  source = join(dir, 'source.mp4');
  // A keyframe every second and B-frames, like a camera file, so smart cut has GOPs to copy.
  // prettier-ignore
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}:duration=10`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10:sample_rate=48000',
    '-c:v', 'libx264', '-preset', 'veryfast', '-g', '30', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', source,
  ]);
  probe = await probeMedia(source, { keyframes: true });
  // No B-frames (as many phones record): smart cut copies span tails too and restamps the join.
  plainSource = join(dir, 'plain.mp4');
  // prettier-ignore
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}:duration=10`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10:sample_rate=48000',
    '-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-g', '30', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', plainSource,
  ]);
  plainProbe = await probeMedia(plainSource, { keyframes: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('long-form render', () => {
  // NOTE: starting late makes the full encode seek its input (-ss), so the comparison with smart
  // cut's own per-part seeks checks both frame alignments.
  const keep: Span[] = [
    { start: 2.4, end: 3.73 },
    { start: 4.1, end: 6.5 },
    { start: 7.02, end: 9.6 },
  ];

  it('full encode: output length is the kept length and A/V stay within a frame', async () => {
    const seen: number[] = [];
    const out = join(dir, 'full.mp4');
    const result = await renderLongForm(source, {
      outPath: out,
      keep,
      probe,
      smartCut: false,
      onProgress: (f) => seen.push(f),
    });
    expect(result.method).toBe('full-encode');
    const info = await streams(out);
    expect(Math.abs(duration(info, 'video') - sum(keep))).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(duration(info, 'audio') - duration(info, 'video'))).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(result.durationS - sum(keep))).toBeLessThanOrEqual(FRAME);
    expect(seen.at(-1)).toBe(1);
  });

  /** The lowest PSNR of any frame of `b` against the same frame of `a`. */
  async function minPsnr(a: string, b: string): Promise<number> {
    const lines: string[] = [];
    await runFfmpeg(['-i', a, '-i', b, '-lavfi', '[0:v][1:v]psnr', '-f', 'null', '-'], {
      logLevel: 'info',
      onStderrLine: (l) => lines.push(l),
    });
    return Number(/min:([\d.]+|inf)/.exec(lines.find((l) => l.includes('PSNR')) ?? '')?.[1]);
  }

  const frameCount = async (path: string) =>
    Number(
      (
        await runFfprobe([
          '-select_streams',
          'v:0',
          '-count_packets',
          '-show_entries',
          'stream=nb_read_packets',
          '-of',
          'csv=p=0',
          path,
        ])
      ).trim(),
    );

  it.each([
    ['with B-frames (tails re-encoded, parts joined by the concat demuxer)', () => source],
    ['without B-frames (tails copied, the join restamped)', () => plainSource],
  ])('smart cut %s: same frames as the full encode', async (name, pick) => {
    const input = pick();
    const p = input === source ? probe : plainProbe;
    const full = join(dir, `full-${name.length}.mp4`);
    await renderLongForm(input, { outPath: full, keep, probe: p, smartCut: false });
    const out = join(dir, `smart-${name.length}.mp4`);
    const seen: number[] = [];
    const result = await renderLongForm(input, {
      outPath: out,
      keep,
      probe: p,
      smartCut: true,
      onProgress: (f) => seen.push(f),
    });
    expect(result.method).toBe('smart-cut');
    const info = await streams(out);
    expect(Math.abs(duration(info, 'video') - sum(keep))).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(duration(info, 'audio') - duration(info, 'video'))).toBeLessThanOrEqual(FRAME);
    expect(await frameCount(out)).toBe(await frameCount(full));
    // A frame off anywhere shows the wrong clock of testsrc2: PSNR would fall far below 30 dB.
    expect(await minPsnr(full, out)).toBeGreaterThan(30);
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('smart cut rejects, without hanging, when aborted partway', async () => {
    const controller = new AbortController();
    const run = renderLongForm(plainSource, {
      outPath: join(dir, 'smart-aborted.mp4'),
      keep,
      probe: plainProbe,
      smartCut: true,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('user cancelled')),
    });
    await expect(run).rejects.toThrow('user cancelled');
  });

  it('joins more spans than one ffmpeg expression may hold, within a frame of the kept length', async () => {
    // 140 spans of 1 frame kept, 1 frame cut: over ffmpeg's 100-term expression limit.
    const many = Array.from({ length: 140 }, (_, i) => ({
      start: (i * 2) / FPS,
      end: (i * 2 + 1) / FPS,
    }));
    const out = join(dir, 'many.mp4');
    await renderLongForm(source, { outPath: out, keep: many, probe, smartCut: false });
    const info = await streams(out);
    expect(Math.abs(duration(info, 'video') - sum(many))).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(duration(info, 'audio') - duration(info, 'video'))).toBeLessThanOrEqual(FRAME);
  });

  it('falls back to a full encode when subtitles are burned in', async () => {
    const result = await renderLongForm(source, {
      outPath: join(dir, 'subs.mp4'),
      keep: [{ start: 1, end: 3 }],
      probe,
      subtitles: {
        segments: [{ start: 1, end: 2, phrase: 'Hello' }],
        settings: DEFAULT_DRAW_SETTINGS,
      },
    });
    expect(result.method).toBe('full-encode');
    expect(Math.abs(result.durationS - 2)).toBeLessThanOrEqual(FRAME);
  });
});

describe('inputs smart cut cannot copy', () => {
  it.each([
    ['variable frame rate', makeVfrVideo],
    ['HEVC', makeHevcVideo],
  ])(
    '%s: falls back to a full encode, kept length within a frame, A/V in sync',
    async (_, make) => {
      const path = await make({ dir, durationS: 4 });
      const p = await probeMedia(path, { keyframes: true });
      const keep = [
        { start: 0.3, end: 1.4 },
        { start: 2, end: 3.5 },
      ];
      const out = join(dir, `fallback-${p.videoCodec}-${p.variableFrameRate}.mp4`);
      const result = await renderLongForm(path, { outPath: out, keep, probe: p });
      expect(result.method).toBe('full-encode');
      const info = await streams(out);
      const frame = 1 / p.fps;
      expect(Math.abs(duration(info, 'video') - sum(keep))).toBeLessThanOrEqual(frame + 1e-3);
      expect(Math.abs(duration(info, 'audio') - duration(info, 'video'))).toBeLessThanOrEqual(
        frame + 1e-3,
      );
    },
  );

  it('stops ffmpeg and rejects when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    await expect(
      renderLongForm(source, {
        outPath: join(dir, 'aborted.mp4'),
        keep: [{ start: 0, end: 5 }],
        probe,
        smartCut: false,
        signal: controller.signal,
      }),
    ).rejects.toThrow('user cancelled');
  });
});

describe('short clip render', () => {
  const keep: Span[] = [
    { start: 1, end: 2.5 },
    { start: 4, end: 5.5 },
  ];
  const segments = [{ start: 1.2, end: 2.3, phrase: 'Only in the first part' }];

  it('is 1080x1920 with the kept length, subtitles in the subtitle area only while shown', async () => {
    const withSubs = join(dir, 'short-subs.mp4');
    const plain = join(dir, 'short-plain.mp4');
    const result = await renderShortClip(source, {
      outPath: withSubs,
      keep,
      probe,
      // NOTE: size 18 at PlayRes 384x288 is 120 px on 1920; margin 20 puts it in the bottom quarter.
      subtitles: { segments, settings: { ...DEFAULT_DRAW_SETTINGS, margin_vertical: 20 } },
    });
    await renderShortClip(source, { outPath: plain, keep, probe });
    const info = await streams(withSubs);
    const video = info.find((s) => s.codec_type === 'video');
    expect([video?.width, video?.height]).toEqual([1080, 1920]);
    expect(Math.abs(duration(info, 'video') - sum(keep))).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(duration(info, 'audio') - duration(info, 'video'))).toBeLessThanOrEqual(FRAME);
    expect(result.durationS).toBeCloseTo(3, 5);
    expect((await stat(withSubs)).size).toBeGreaterThan(10_000);
    // On the cut timeline the phrase shows from 0.2 s to 1.3 s; nothing is shown after 1.5 s.
    const shown = differingPixels(
      await greyFrame(withSubs, 0.8, 1080, 1920),
      await greyFrame(plain, 0.8, 1080, 1920),
      1080,
      1920,
    );
    const hidden = differingPixels(
      await greyFrame(withSubs, 2.5, 1080, 1920),
      await greyFrame(plain, 2.5, 1080, 1920),
      1080,
      1920,
    );
    expect(shown.bottom).toBeGreaterThan(500);
    expect(shown.above).toBeLessThan(shown.bottom / 20);
    expect(hidden.bottom + hidden.above).toBeLessThan(50);
  });

  it('respects rotation: a rotated landscape file becomes a full-height vertical crop', async () => {
    const rotated = await makeRotatedVideo({ dir, durationS: 2, rotation: 90 });
    const rotatedProbe = await probeMedia(rotated);
    const out = join(dir, 'short-rotated.mp4');
    await renderShortClip(rotated, {
      outPath: out,
      keep: [{ start: 0, end: 1 }],
      probe: rotatedProbe,
    });
    const video = (await streams(out)).find((s) => s.codec_type === 'video');
    expect(rotatedProbe.rotation % 180).not.toBe(0);
    expect([video?.width, video?.height]).toEqual([1080, 1920]);
  });
});
