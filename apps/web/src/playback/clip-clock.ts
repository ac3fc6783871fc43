import type { Span } from '@roughcut/shared';
import { clipElapsed, previewPlan } from './preview-playback.ts';

// Issue 33: the clip screen reads every time on one clock: seconds from the clip's start. The
// Speech Gaps step counts the whole window (its timeline shows the gaps to cut, and the player's
// time is where its playhead stands); the Subtitles step counts the clip as cut, as its player
// plays it and as the render will show each phrase. Source time is shown only when asked for.

/** A clock of the clip screen: the clip time a source time reads as, and the total. */
export type ClipClock = { at: (source: number) => number; total: number };

/** Seconds from the window's start, gaps included. */
export const windowClock = (window: Span): ClipClock => ({
  at: (source) => Math.min(window.end, Math.max(window.start, source)) - window.start,
  total: Math.max(0, window.end - window.start),
});

/** Seconds of the clip as cut: a time inside a cut gap reads as where the cut video resumes. */
export const cutClock = (window: Span, gaps: readonly Span[]): ClipClock => {
  const plan = previewPlan(window, gaps);
  return { at: (source) => clipElapsed(source, plan), total: plan.duration };
};
