import { PLAYBACK_SKIP_AHEAD_S, clipKeptSpans } from '@roughcut/shared';
import type { Span } from '@roughcut/shared';
import { round2 } from '../lib/round2.ts';

// SPEC 5 and 9: the timeline's player plays the source video restricted to the clip window and
// skips the gaps (merged within 0.1 s), landing 0.01 s after a gap's end.

export type PlaybackPlan = {
  window: Span;
  /** Source spans that play, in order. */
  spans: Span[];
};

/** NOTE: one video frame at 30 fps: the player switches spans this close to a span's end. */
export const SPAN_END_LEAD_S = 1 / 30;

/** NOTE: the kept spans are the render's own (`clipKeptSpans`), so the preview plays its cut. */
export function playbackPlan(window: Span, gaps: readonly Span[]): PlaybackPlan {
  return { window, spans: clipKeptSpans(window, gaps) };
}

/** Where a span starts playing: 0.01 s after the gap before it, or the window's own start. */
export function spanEntry(span: Span, plan: PlaybackPlan): number {
  if (span.start <= plan.window.start + 1e-6) return span.start;
  return Math.min(span.end, round2(span.start + PLAYBACK_SKIP_AHEAD_S));
}

/** Index of the span playing at `time`, or -1 when `time` is in a gap or outside the window. */
export function spanIndexAt(plan: PlaybackPlan, time: number): number {
  let lo = 0;
  let hi = plan.spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = plan.spans[mid];
    if (span === undefined) break;
    if (time < span.start) hi = mid - 1;
    else if (time >= span.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The first span starting after `time`, or null. */
export function nextSpanAfter(plan: PlaybackPlan, time: number): Span | null {
  return plan.spans.find((s) => s.start > time) ?? null;
}

export type PlaybackStep =
  | { kind: 'play' }
  /** Jump to the next span (the player may have it preloaded at `to`). */
  | { kind: 'jump'; to: number }
  /** The window ended: stop and rewind to its first span. */
  | { kind: 'end'; to: number };

/** What the player does when the video reaches source `time`. */
export function playbackStep(plan: PlaybackPlan, time: number): PlaybackStep {
  const first = plan.spans[0];
  const last = plan.spans.at(-1);
  if (first === undefined || last === undefined) return { kind: 'end', to: plan.window.start };
  const rewind = spanEntry(first, plan);
  if (time >= last.end - SPAN_END_LEAD_S) return { kind: 'end', to: rewind };
  const index = spanIndexAt(plan, time);
  const span = plan.spans[index];
  if (span !== undefined && time < span.end - SPAN_END_LEAD_S) return { kind: 'play' };
  const next = nextSpanAfter(plan, time);
  return next === null ? { kind: 'end', to: rewind } : { kind: 'jump', to: spanEntry(next, plan) };
}

/**
 * Where a second, paused video waits so the next jump needs no seek: the entry of the span after
 * the one playing at `time` (or of the next span when `time` is in a gap).
 */
export function preloadTarget(plan: PlaybackPlan, time: number): number | null {
  const index = spanIndexAt(plan, time);
  const from = index >= 0 ? (plan.spans[index]?.end ?? time) : time;
  const next = nextSpanAfter(plan, from - 1e-6);
  if (next === null || (index >= 0 && next === plan.spans[index])) return null;
  return spanEntry(next, plan);
}

/** Where Play starts from `time`: there if it plays, else the next span (or the first). */
export function playStart(plan: PlaybackPlan, time: number): number {
  const step = playbackStep(plan, time);
  switch (step.kind) {
    case 'play':
      return time;
    case 'jump':
    case 'end':
      return step.to;
  }
}

/** The length of the clip as the render will cut it. */
export const keptLength = (plan: PlaybackPlan): number =>
  plan.spans.reduce((sum, s) => sum + (s.end - s.start), 0);
