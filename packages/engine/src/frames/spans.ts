// Kept spans made frame-exact: every render cuts on frame boundaries of the source so the video
// and the audio cut from the same times stay in sync and the output length is predictable.
import { EngineError } from '../types.ts';
import type { Span } from '../types.ts';

/** A span as whole frame indices: frames [first, end) of the source. */
export type FrameSpan = { first: number; end: number };

/**
 * Sorts, clamps to the video and merges the spans, then snaps them to frame boundaries so that the
 * joined length stays within a frame of the requested total however many spans there are: each
 * start is rounded, each end follows the running total (within a frame of its own time). Spans under a frame are dropped.
 */
export function snapSpans(keep: readonly Span[], fps: number, durationS: number): FrameSpan[] {
  if (!(fps > 0)) throw new EngineError('bad_frame_rate', 'The video has no usable frame rate.');
  const lastFrame = Math.floor(durationS * fps + 1e-6);
  const sorted = keep
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(durationS, s.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const previous = merged[merged.length - 1];
    if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end);
    else merged.push({ ...span });
  }
  const frames: FrameSpan[] = [];
  let wantedS = 0;
  let outFrames = 0;
  for (const span of merged) {
    wantedS += span.end - span.start;
    const previous = frames[frames.length - 1];
    const first = Math.max(Math.round(span.start * fps), previous?.end ?? 0);
    // NOTE: the end follows the running total, but never further than a frame from its own time.
    const target = first + Math.round(wantedS * fps) - outFrames;
    const nearest = Math.min(
      Math.ceil(span.end * fps - 1e-6),
      Math.max(Math.floor(span.end * fps + 1e-6), target),
    );
    const end = Math.min(lastFrame, nearest);
    if (end <= first) continue;
    outFrames += end - first;
    if (previous && first === previous.end) previous.end = end;
    else frames.push({ first, end });
  }
  return frames;
}

/** The source times a render of `keep` holds: the spans snapped to its frames, in seconds. */
export function renderedSpans(
  keep: readonly Span[],
  probe: { fps: number; variableFrameRate: boolean; durationS: number },
): Span[] {
  const fps = renderFps(probe);
  return snapSpans(keep, fps, probe.durationS).map((s) => ({
    start: s.first / fps,
    end: s.end / fps,
  }));
}

/** Standard rates a variable-frame-rate source is made constant at (the first at or above it). */
const STANDARD_RATES = [24, 25, 30, 50, 60];
/**
 * A variable rate's average may exceed its nominal rate a little (a few short frames): 30.08
 * is still rendered at 30, not 50.
 */
const AVERAGE_SLACK = 0.97;

/** The frame rate a render cuts and outputs at. */
export function renderFps(probe: { fps: number; variableFrameRate: boolean }): number {
  if (!probe.variableFrameRate) return probe.fps;
  return STANDARD_RATES.find((r) => r >= probe.fps * AVERAGE_SLACK) ?? 60;
}

export const frameCount = (spans: readonly FrameSpan[]): number =>
  spans.reduce((sum, s) => sum + s.end - s.first, 0);

/** Seconds as ffmpeg reads them, with enough digits for sample accuracy and no exponent. */
export const formatSeconds = (seconds: number): string => {
  const fixed = Math.max(0, seconds).toFixed(6);
  return fixed.replace(/\.?0+$/, '') || '0';
};

/** The frame rate as a rational ffmpeg accepts exactly (30000/1001 rather than 29.97). */
export function fpsRational(fps: number): string {
  for (const base of [24, 25, 30, 48, 50, 60, 120]) {
    if (Math.abs(fps - (base * 1000) / 1001) < 0.001) return `${base * 1000}/1001`;
  }
  if (Math.abs(fps - Math.round(fps)) < 0.001) return String(Math.round(fps));
  return formatSeconds(fps);
}

/** No spans left to render is the caller's mistake made visible, not an empty file. */
export function assertSomethingKept(spans: readonly FrameSpan[]): void {
  if (!spans.length) {
    throw new EngineError(
      'nothing_to_render',
      'Nothing is left to render: the kept parts are empty. Keep at least one part of the video.',
    );
  }
}

/**
 * How long the kept spans go on after the picture ends (the sound can be longer), plus a frame,
 * or 0: the render holds the last picture that long.
 */
export function pictureShortfallS(
  spans: readonly FrameSpan[],
  fps: number,
  probe: { videoEndS?: number },
): number {
  const last = spans[spans.length - 1];
  if (!last || probe.videoEndS === undefined) return 0;
  const short = last.end / fps - probe.videoEndS;
  return short > 0.5 / fps ? short + 1 / fps : 0;
}
