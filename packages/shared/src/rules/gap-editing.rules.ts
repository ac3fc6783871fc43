import { GAP_MERGE_TOLERANCE_S, MIN_GAP_LENGTH_S } from '../constants.ts';
import type { Gap, GapKind, Span } from '../contracts/clip.contract.ts';
import { roundTo } from '../format/time.format.ts';

// SPEC section 5 "Gap detection and editing" and 4.6: editing gaps by their handles, deleting and
// undoing, and skipping them during playback. Times are seconds; gaps are kept sorted by start.

export const round2 = (value: number): number => roundTo(value, 2);
const EPS = 1e-9;
/** Two-decimal bounds rounded inwards so a rounded handle never crosses its limit. */
const ceil2 = (value: number): number => Math.ceil(roundTo(value * 100, 6) - EPS) / 100 + 0;
const floor2 = (value: number): number => Math.floor(roundTo(value * 100, 6) + EPS) / 100 + 0;
const clamp = (value: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, value));

export const sortGaps = <T extends Span>(gaps: readonly T[]): T[] =>
  [...gaps].sort((a, b) => a.start - b.start || a.end - b.end);

/** The next free `gap-N` id. */
export const nextGapId = (gaps: readonly { id: string }[]): string => {
  let max = -1;
  for (const { id } of gaps) {
    const match = /^gap-(\d+)$/.exec(id);
    if (match?.[1] !== undefined) max = Math.max(max, Number(match[1]));
  }
  return `gap-${max + 1}`;
};

export type HandleSide = 'start' | 'end';

/** Where handles may go: [0, duration] for a whole video, or a clip's window in the source. */
export type HandleLimit = number | Span;
const limitSpan = (limit: HandleLimit): Span =>
  typeof limit === 'number' ? { start: 0, end: limit } : limit;

/**
 * Where a dragged handle may go. A start handle stays between the previous gap's end (or 0) and
 * 0.1 s before its own end; an end handle between 0.1 s after its own start and the next gap's start
 * (or the duration). Values are rounded to 2 decimals.
 */
export const clampHandle = (
  gaps: readonly Gap[],
  id: string,
  side: HandleSide,
  time: number,
  limit: HandleLimit,
): number | null => {
  const sorted = sortGaps(gaps);
  const index = sorted.findIndex((g) => g.id === id);
  const gap = sorted[index];
  if (gap === undefined) return null;
  const bounds = limitSpan(limit);
  const [lo, hi] =
    side === 'start'
      ? [sorted[index - 1]?.end ?? bounds.start, gap.end - MIN_GAP_LENGTH_S]
      : [gap.start + MIN_GAP_LENGTH_S, sorted[index + 1]?.start ?? bounds.end];
  const low = ceil2(lo);
  const high = floor2(hi);
  // NOTE: a gap already narrower than the minimum cannot move that edge at all.
  if (low > high) return side === 'start' ? gap.start : gap.end;
  return clamp(round2(time), low, high);
};

/** The gaps after dragging one handle of gap `id` to `time` (clamped as `clampHandle`). */
export const moveGapHandle = (
  gaps: readonly Gap[],
  id: string,
  side: HandleSide,
  time: number,
  limit: HandleLimit,
): Gap[] => {
  const value = clampHandle(gaps, id, side, time, limit);
  if (value === null) return [...gaps];
  return gaps.map((g) => (g.id === id ? { ...g, [side]: value } : g));
};

/** One undoable timeline edit (see the web's clip-screen/timeline.rules.ts `undoLastEdit`). */
export type GapEdit =
  { kind: 'move'; id: string; side: HandleSide; from: number } | { kind: 'delete'; id: string };

/** `history` is optional: only the timeline's general Undo reads it. */
export type GapEditState = { gaps: Gap[]; deletedGaps: Gap[]; history?: GapEdit[] };

export type ClickModifiers = { ctrlKey?: boolean; metaKey?: boolean };

/** Ctrl/Cmd+click deletes a gap (pushing it on the undo stack); a plain click does nothing. */
export const deleteGap = (
  state: GapEditState,
  id: string,
  modifiers: ClickModifiers,
): GapEditState => {
  if (modifiers.ctrlKey !== true && modifiers.metaKey !== true) return state;
  const gap = state.gaps.find((g) => g.id === id);
  if (gap === undefined) return state;
  return {
    ...state,
    gaps: state.gaps.filter((g) => g.id !== id),
    deletedGaps: [...state.deletedGaps, gap],
  };
};

/**
 * Restores one deleted gap (a kept filler removed again, say) and trims every gap that now
 * overlaps it. A gap that wholly contains it is split around it; pieces shorter than the minimum
 * gap length are dropped.
 */
export const restoreGap = (state: GapEditState, id: string): GapEditState => {
  const restored = state.deletedGaps.find((g) => g.id === id);
  if (restored === undefined) return state;
  const kept: Gap[] = [];
  const ids = [...state.gaps, ...state.deletedGaps];
  const push = (gap: Gap): void => {
    if (gap.end - gap.start >= MIN_GAP_LENGTH_S - EPS) kept.push(gap);
  };
  for (const gap of state.gaps) {
    if (gap.end <= restored.start || gap.start >= restored.end) {
      kept.push(gap);
      continue;
    }
    if (gap.start < restored.start) push({ ...gap, end: restored.start });
    if (gap.end > restored.end) {
      const id = gap.start < restored.start ? nextGapId([...ids, ...kept]) : gap.id;
      push({ ...gap, id, start: restored.end, end: gap.end });
    }
  }
  return {
    ...state,
    gaps: sortGaps([...kept, restored]),
    deletedGaps: state.deletedGaps.filter((g) => g !== restored),
  };
};

/** Undo Delete: restores the last deleted gap (as `restoreGap`). */
export const undoDelete = (state: GapEditState): GapEditState => {
  const restored = state.deletedGaps.at(-1);
  return restored === undefined ? state : restoreGap(state, restored.id);
};

/** A gap's kind: silence unless it says otherwise (bodies from before fillers carry none). */
export const gapKind = (gap: Span & { kind?: GapKind | undefined }): GapKind =>
  gap.kind ?? 'silence';
export const isFillerGap = (gap: Span & { kind?: GapKind | undefined }): boolean =>
  gapKind(gap) === 'filler';

/**
 * Issue 33: THE count of a clip's gaps, the one every screen shows ("N gaps found, M gaps
 * deleted"): the silences of the timeline, cut or deleted (a deleted gap stays in the video).
 * Fillers are counted apart (`fillerCounts`), as the filler list shows them.
 */
export const gapCounts = (state: GapEditState): { found: number; deleted: number } => {
  const deleted = state.deletedGaps.filter((g) => !isFillerGap(g));
  const ids = new Set(deleted.map((g) => g.id));
  // NOTE: by id, so a gap both cut and on the undo stack (never expected) counts once.
  const cut = state.gaps.filter((g) => !isFillerGap(g) && !ids.has(g.id));
  return { found: cut.length + ids.size, deleted: ids.size };
};

/** The fillers of a timeline: all of them (cut or kept), in time order, and how many are cut. */
export const fillerCounts = (state: GapEditState): { found: number; removed: number } => ({
  found: [...state.gaps, ...state.deletedGaps].filter(isFillerGap).length,
  removed: state.gaps.filter(isFillerGap).length,
});

/** "3 fillers, 2 removed"; "1 filler, 0 removed"; "No fillers found". */
export const fillerCountLabel = ({ found, removed }: { found: number; removed: number }): string =>
  found === 0
    ? 'No fillers found'
    : `${found} ${found === 1 ? 'filler' : 'fillers'}, ${removed} removed`;

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
