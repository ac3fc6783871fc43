// Kept spans made frame-exact: every render cuts on frame boundaries of the source so the video
// and the audio cut from the same times stay in sync and the output length is predictable.
import { EngineError } from '../types.ts';
import type { Span } from '../types.ts';

/** A span as whole frame indices: frames [first, end) of the source. */
export type FrameSpan = { first: number; end: number };

/**
 * Sorts, clamps to the video, snaps to the nearest frame boundaries and merges overlapping or
 * touching spans. Spans shorter than one frame after snapping are dropped.
 */
export function snapSpans(keep: readonly Span[], fps: number, durationS: number): FrameSpan[] {
  if (!(fps > 0)) throw new EngineError('bad_frame_rate', 'The video has no usable frame rate.');
  const lastFrame = Math.floor(durationS * fps + 1e-6);
  const snapped = keep
    .map((s) => ({
      first: Math.max(0, Math.round(Math.max(0, s.start) * fps)),
      end: Math.min(lastFrame, Math.round(Math.min(durationS, s.end) * fps)),
    }))
    .filter((s) => s.end > s.first)
    .sort((a, b) => a.first - b.first);
  const merged: FrameSpan[] = [];
  for (const span of snapped) {
    const previous = merged[merged.length - 1];
    if (previous && span.first <= previous.end) previous.end = Math.max(previous.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
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
