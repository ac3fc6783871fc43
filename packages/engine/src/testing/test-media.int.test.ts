import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import { makeTalkingVideo } from './test-media.ts';
import type { TalkingVideo } from './test-media.ts';

const FPS = 25;
const FRAME = 1 / FPS;

type Stream = { codec_type: string; duration: string; width?: number; height?: number };

async function streams(file: string): Promise<Stream[]> {
  const json = await runFfprobe(['-of', 'json', '-show_streams', '--', file]);
  return (JSON.parse(json) as { streams: Stream[] }).streams;
}

/** Silences ffmpeg itself hears in the file: an independent check of the ground truth. */
async function detectSilences(file: string): Promise<{ start: number; end: number }[]> {
  const lines: string[] = [];
  await runFfmpeg(
    ['-i', file, '-map', '0:a:0', '-af', 'silencedetect=noise=-45dB:d=0.2', '-f', 'null', '-'],
    { logLevel: 'info', onStderrLine: (line) => lines.push(line) },
  );
  const silences: { start: number; end: number }[] = [];
  for (const line of lines) {
    const start = /silence_start: ([\d.]+)/.exec(line);
    const end = /silence_end: ([\d.]+)/.exec(line);
    if (start) silences.push({ start: Number(start[1]), end: NaN });
    const last = silences.at(-1);
    if (end && last) last.end = Number(end[1]);
  }
  return silences;
}

describe('makeTalkingVideo', () => {
  let dir: string;
  let video: TalkingVideo;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'roughcut-media-'));
    video = await makeTalkingVideo({ dir, silenceS: [1.2, 0.8, 2, 1.2], fps: FPS });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes 1280x720 H.264/AAC whose stream durations match the ground truth within a frame', async () => {
    const all = await streams(video.path);
    const v = all.find((s) => s.codec_type === 'video');
    const a = all.find((s) => s.codec_type === 'audio');
    expect(v).toMatchObject({ width: 1280, height: 720 });
    expect(Math.abs(Number(v?.duration) - video.durationS)).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(Number(a?.duration) - video.durationS)).toBeLessThanOrEqual(FRAME);
    expect(video.durationS).toBeGreaterThan(15);
    expect(video.durationS).toBeLessThan(30);
  });

  it('lays out five sentences with the exact silences asked for', () => {
    expect(video.sentences).toHaveLength(5);
    expect(video.speechSpans).toHaveLength(5);
    const between = video.sentences
      .slice(1)
      .map((s, i) => s.start - (video.sentences[i]?.end ?? 0));
    expect(between.map((g) => Math.round(g * 1000) / 1000)).toEqual([1.2, 0.8, 2, 1.2]);
    expect(video.gaps[0]).toEqual({ start: 0, end: 0.5 });
    expect(video.gaps).toHaveLength(6);
    expect(video.gaps.at(-1)?.end).toBeCloseTo(video.durationS, 3);
  });

  it('has silence where the ground truth says gaps are, within a frame', async () => {
    const heard = await detectSilences(video.path);
    const inner = video.gaps.slice(1, -1);
    for (const gap of inner) {
      const match = heard.find((s) => s.start < gap.end && s.end > gap.start);
      expect(match, `silence near ${gap.start}-${gap.end}`).toBeDefined();
      expect(Math.abs((match?.start ?? 0) - gap.start)).toBeLessThanOrEqual(FRAME);
      expect(Math.abs((match?.end ?? 0) - gap.end)).toBeLessThanOrEqual(FRAME);
    }
    // No silence detected inside a spoken sentence longer than a natural pause.
    for (const span of video.speechSpans) {
      const inside = heard.filter((s) => s.start > span.start + FRAME && s.end < span.end - FRAME);
      expect(inside.every((s) => s.end - s.start < 0.5)).toBe(true);
    }
  });
});
