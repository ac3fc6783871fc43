// What the long-form and short-clip renders share: temp folders, subtitles to an .ass file, and the
// full-encode run itself.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { DrawSettings } from '@roughcut/shared';
import { withoutCutFillers } from '@roughcut/shared';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import type { MediaWork } from '../media/ffmpeg-runner.ts';
import { buildAss, remapSegments } from '../subtitles/index.ts';
import type { ProbeResult, ProgressFn, Span } from '../types.ts';
import { buildCutFilterGraph, inputWindow } from './cut-graph.ts';
import { buildEncodeArgs } from './encode-args.ts';
import type { EncoderSettings } from './encode-args.ts';
import { pcmFormatOf } from './pcm-cut.ts';
import { cutSound } from './sound-cut.ts';
import { frameCount, pictureShortfallS, renderFps } from '../frames/spans.ts';
import type { FrameSpan } from '../frames/spans.ts';

/** A phrase to burn; its words time the word-by-word caption styles. */
export type SubtitleSegment = {
  start: number;
  end: number;
  phrase: string;
  words?: readonly { text: string; start: number; end: number }[];
};
export type RenderSubtitles = { segments: SubtitleSegment[]; settings: DrawSettings };

export async function withTempDir<T>(near: string, run: (dir: string) => Promise<T>): Promise<T> {
  // NOTE: next to the output when possible (same disk), else the OS temp folder. Named after the
  // output, so a folder left by a killed process carries the same owner tag as its output file
  // (the server names temp files after their process) and is swept with it.
  const dir = await mkdtemp(join(dirname(near), `${basename(near)}.render-`)).catch(() =>
    mkdtemp(join(tmpdir(), 'rc-render-')),
  );
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Writes the subtitles, moved onto the cut timeline, as an .ass file; returns its path. A filler
 * word whose sound was cut is not burned (the preview drops it by the same rule).
 */
export async function writeAssFile(
  dir: string,
  subtitles: RenderSubtitles,
  keep: readonly Span[],
): Promise<string> {
  const remapped = remapSegments(withoutCutFillers(subtitles.segments, keep), keep as Span[]);
  const path = join(dir, 'subtitles.ass');
  await writeFile(path, buildAss(remapped, subtitles.settings), 'utf8');
  return path;
}

/** The vertical shorts' frame: the smallest frame any render's time limit is measured by. */
const SHORT_PIXELS = 1080 * 1920;

/**
 * What one render run works through, for its time limit: `lengthS` of the source, and the larger
 * of the source's frame and the output's (a short's, or the source's own for long form).
 */
export const renderWork = (probe: ProbeResult, lengthS: number): MediaWork => ({
  mediaS: lengthS,
  pixels: Math.max(SHORT_PIXELS, probe.displayWidth * probe.displayHeight),
});

/** Spans back to seconds (frame-exact), the form the subtitle remap expects. */
export const spansToSeconds = (spans: readonly FrameSpan[], fps: number): Span[] =>
  spans.map((s) => ({ start: s.first / fps, end: s.end / fps }));

export type FullEncodeJob = {
  inputPath: string;
  outPath: string;
  dir: string;
  spans: readonly FrameSpan[];
  probe: ProbeResult;
  videoTail: string[];
  /** Encoder settings other than the long form's (a short's, chosen by measurement). */
  encoder?: EncoderSettings;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
};

// NOTE: the share of a full encode's progress spent cutting the sound first.
const SOUND_SHARE = 0.03;

/** The kept sound first (cut sample-exactly), then one ffmpeg pass selecting the kept frames. */
export async function runFullEncode(job: FullEncodeJob): Promise<number> {
  const { spans, probe } = job;
  const fps = renderFps(probe);
  const window = inputWindow(spans, fps);
  const audioPath = join(job.dir, 'audio.m4a');
  await cutSound({
    inputPath: job.inputPath,
    spans,
    fps,
    ...window,
    probe,
    outPath: audioPath,
    signal: job.signal,
  });
  job.onProgress?.(SOUND_SHARE);
  const graph = buildCutFilterGraph({
    spans,
    fps,
    offsetS: window.offsetS,
    holdEndS: pictureShortfallS(spans, fps, probe),
    videoTail: job.videoTail,
  });
  const graphPath = join(job.dir, 'graph.txt');
  await writeFile(graphPath, graph, 'utf8');
  const durationS = frameCount(spans) / fps;
  await runFfmpeg(
    buildEncodeArgs({
      inputPath: job.inputPath,
      outPath: job.outPath,
      graphPath,
      audioPath,
      offsetS: window.offsetS,
      lengthS: window.lengthS,
      ...job.encoder,
      // NOTE: the picture count and the sound's length are known, so the index goes in place.
      index: {
        videoFrames: frameCount(spans),
        audioS: durationS,
        audioSampleRate: pcmFormatOf(probe).sampleRate,
      },
    }),
    {
      signal: job.signal,
      task: 'render',
      work: renderWork(probe, window.lengthS),
      durationS,
      onProgress: job.onProgress
        ? (f) => job.onProgress?.(SOUND_SHARE + f * (1 - SOUND_SHARE))
        : undefined,
    },
  );
  return durationS;
}
