import { clipKeptSpans, holesBetween, withoutCutFillers } from '@roughcut/shared';
import type { Clip, Span } from '@roughcut/shared';
import { buildAss } from '@roughcut/engine/subtitles';

// SPEC 2.9 and 9: the clip preview plays the clip's kept spans of the source video, the very spans
// the render keeps (clipKeptSpans: the clip's window minus the gaps it will cut, touching within
// 0.1 s joined). The holes between them are skipped, landing 0.01 s after a gap's end (the gap
// timeline's player does the skipping; this module maps the clip's time as played).

export type PreviewPlan = {
  /** Source spans that play, in order. */
  spans: Span[];
  /** Source gaps that are skipped. */
  gaps: Span[];
  /** Source time where the clip starts and ends. */
  start: number;
  end: number;
  /** Length of the clip as played (the sum of the spans). */
  duration: number;
};

export function previewPlan(window: Span, gaps: readonly Span[]): PreviewPlan {
  const spans = clipKeptSpans(window, gaps);
  const first = spans[0];
  const last = spans.at(-1);
  return {
    spans,
    gaps: holesBetween(spans),
    start: first?.start ?? 0,
    end: last?.end ?? 0,
    duration: spans.reduce((sum, s) => sum + (s.end - s.start), 0),
  };
}

/** Seconds of the clip already played at source `time` (for the time display). */
export function clipElapsed(time: number, plan: PreviewPlan): number {
  let elapsed = 0;
  for (const span of plan.spans) {
    if (time <= span.start) break;
    elapsed += Math.min(time, span.end) - span.start;
  }
  return Math.min(plan.duration, Math.max(0, elapsed));
}

/** The source time `elapsed` seconds into the clip. */
export function sourceTimeAt(elapsed: number, plan: PreviewPlan): number {
  let rest = Math.min(plan.duration, Math.max(0, elapsed));
  for (const span of plan.spans) {
    const length = span.end - span.start;
    if (rest < length) return span.start + rest;
    rest -= length;
  }
  return plan.end;
}

/** 5 s rewind and forward move through the clip as played, not through the skipped gaps. */
export function seekBy(time: number, deltaS: number, plan: PreviewPlan): number {
  const target = clipElapsed(time, plan) + deltaS;
  // NOTE: forward past the end stops just before it, so the player does not rewind at once.
  return sourceTimeAt(Math.min(target, Math.max(0, plan.duration - 0.05)), plan);
}

/** The preview frame: portrait 1080:1920, or the source's own ratio for long-form clips. */
export function previewFrameRatio(
  isLongForm: boolean,
  source: { width: number; height: number } | null,
): number {
  if (!isLongForm) return 1080 / 1920;
  if (source && source.width > 0 && source.height > 0) return source.width / source.height;
  return 16 / 9;
}

/** The frame the subtitles are laid out on: the render's 1080x1920, or the long form's source. */
export function previewFrameSize(
  isLongForm: boolean,
  source: { width: number; height: number } | null,
): { width: number; height: number } {
  if (!isLongForm) return { width: 1080, height: 1920 };
  if (source && source.width > 0 && source.height > 0) return source;
  return { width: 1920, height: 1080 };
}

/**
 * The script the card draws over the source video: the clip's subtitles exactly when the render
 * burns them (`subtitles_burned`: short clips, and long form once Subtitles was confirmed), in
 * the engine's own layout; null draws nothing, so the preview never shows subtitles the finished
 * video will not have.
 */
export type PreviewSubtitles = Pick<Clip, 'subtitles_burned' | 'segments' | 'draw_settings'>;

/** `kept`: the spans that play; a filler word cut from them is not drawn, as the render burns it. */
export function previewSubtitles(clip: PreviewSubtitles, kept: readonly Span[]): string | null {
  return clip.subtitles_burned
    ? buildAss(withoutCutFillers(clip.segments, kept), clip.draw_settings)
    : null;
}
