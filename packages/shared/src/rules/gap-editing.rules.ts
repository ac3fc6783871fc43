import { GAP_MERGE_TOLERANCE_S } from '../constants.ts';
import type { Gap, GapKind, Span } from '../contracts/clip.contract.ts';

// SPEC section 5 "Gap detection and editing" and 4.6: what the web preview and the server's
// render both read from a clip's gaps: a gap's kind, the cut a clip starts with, merging and the
// kept spans. Times are seconds. Editing the list (handles, delete, undo) is the clip screen's
// alone: apps/web/src/features/clip-screen/gap-editing.rules.ts.

const EPS = 1e-9;

export const sortGaps = <T extends Span>(gaps: readonly T[]): T[] =>
  [...gaps].sort((a, b) => a.start - b.start || a.end - b.end);

/** A gap's kind: silence unless it says otherwise (bodies from before fillers carry none). */
export const gapKind = (gap: Span & { kind?: GapKind | undefined }): GapKind =>
  gap.kind ?? 'silence';
export const isFillerGap = (gap: Span & { kind?: GapKind | undefined }): boolean =>
  gapKind(gap) === 'filler';

/**
 * The cut a clip starts with: its detected silences, plus its detected fillers when the edit was
 * created with "Remove filler words" (otherwise they start kept, offered on the timeline).
 */
export const defaultCut = <T extends Gap>(detected: readonly T[], removeFillers: boolean): T[] =>
  detected.filter((g) => removeFillers || !isFillerGap(g));

/** Gaps touching within `tolerance` (0.1 s) become one span, as playback treats them. */
export const mergeGaps = (
  gaps: readonly Span[],
  tolerance: number = GAP_MERGE_TOLERANCE_S,
): Span[] => {
  const merged: Span[] = [];
  for (const gap of sortGaps(gaps)) {
    const last = merged.at(-1);
    if (last !== undefined && gap.start - last.end <= tolerance + EPS) {
      last.end = Math.max(last.end, gap.end);
    } else {
      merged.push({ start: gap.start, end: gap.end });
    }
  }
  return merged;
};

/**
 * THE kept spans of a clip, the one function the web preview, the progress figures and the render
 * all call: the clip's window minus the gaps to cut (each clamped to the window). As in playback
 * (SPEC 5: gaps touching within 0.1 s are one), gaps closer than 0.1 s join, and a stretch of 0.1 s
 * or less left between a gap and the window's edge goes too, so the render never keeps a sliver
 * the preview skips. Without gaps the whole window is kept.
 */
export const clipKeptSpans = (window: Span, gaps: readonly Span[]): Span[] => {
  const tolerance = GAP_MERGE_TOLERANCE_S;
  if (!(window.end > window.start)) return [];
  const inside = gaps
    .map((g) => ({ start: Math.max(g.start, window.start), end: Math.min(g.end, window.end) }))
    .filter((g) => g.end > g.start);
  if (inside.length === 0) return [{ start: window.start, end: window.end }];
  const kept: Span[] = [];
  let cursor = window.start;
  for (const cut of mergeGaps(inside, tolerance)) {
    if (cut.start - cursor > tolerance + EPS) kept.push({ start: cursor, end: cut.start });
    cursor = Math.max(cursor, cut.end);
  }
  if (window.end - cursor > tolerance + EPS) kept.push({ start: cursor, end: window.end });
  return kept;
};

/** The gaps a preview skips: the holes between kept spans. */
export const holesBetween = (spans: readonly Span[]): Span[] => {
  const sorted = mergeGaps(spans, 0);
  const holes: Span[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const prev = sorted[i - 1];
    const next = sorted[i];
    if (prev !== undefined && next !== undefined) holes.push({ start: prev.end, end: next.start });
  }
  return holes;
};

export const totalLength = (spans: readonly Span[]): number =>
  spans.reduce((sum, s) => sum + (s.end - s.start), 0);
