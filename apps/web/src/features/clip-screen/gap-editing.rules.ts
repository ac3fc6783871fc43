import type { Gap, Span } from '@roughcut/shared';
import { MIN_GAP_LENGTH_S, isFillerGap, sortGaps } from '@roughcut/shared';
import { clamp } from '../../lib/clamp.ts';
import { round2 } from '../../lib/round2.ts';
import { roundTo } from '../../lib/time.format.ts';

// SPEC section 5 "Gap detection and editing" and 4.6: the clip screen's gap list while the user
// edits it: dragging handles, deleting and undoing, and the counts the screens show. Times are
// seconds; gaps are kept sorted by start. What the server also runs (kept spans, merging, a gap's
// kind, the default cut) stays in shared `rules/gap-editing.rules.ts`.

const EPS = 1e-9;
/** Two-decimal bounds rounded inwards so a rounded handle never crosses its limit. */
const ceil2 = (value: number): number => Math.ceil(roundTo(value * 100, 6) - EPS) / 100 + 0;
const floor2 = (value: number): number => Math.floor(roundTo(value * 100, 6) + EPS) / 100 + 0;

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

/** One undoable timeline edit (see `undoLastEdit`). */
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

// Undo for the timeline: every handle drag and every delete is one step of `history`.

/** The oldest steps are forgotten beyond this, so a long session cannot grow without bound. */
export const MAX_UNDO_STEPS = 200;

/** Appends one undoable step. */
export const recordEdit = (state: GapEditState, edit: GapEdit): GapEditState => ({
  ...state,
  history: [...(state.history ?? []), edit].slice(-MAX_UNDO_STEPS),
});

/** Ctrl/Cmd+click: `deleteGap`, remembered as an undoable step. */
export const deleteGapEdit = (
  state: GapEditState,
  id: string,
  modifiers: ClickModifiers,
): GapEditState => {
  const next = deleteGap(state, id, modifiers);
  return next === state ? state : recordEdit(next, { kind: 'delete', id });
};

/**
 * Cuts a kept gap again (a filler's Remove in the list): `restoreGap`, and its delete step leaves
 * the history, as Undo Delete does.
 */
export const restoreGapEdit = (state: GapEditState, id: string): GapEditState => {
  const next = restoreGap(state, id);
  if (next === state) return state;
  const history = state.history ?? [];
  const index = history.findLastIndex((e) => e.kind === 'delete' && e.id === id);
  return index < 0 ? next : { ...next, history: history.filter((_, i) => i !== index) };
};

/** Moves one handle (clamped by `moveGapHandle`) and remembers where it was. */
export const moveHandleEdit = (
  state: GapEditState,
  id: string,
  side: HandleSide,
  time: number,
  limit: HandleLimit,
): GapEditState => {
  const before = state.gaps.find((g) => g.id === id);
  if (before === undefined) return state;
  const gaps = moveGapHandle(state.gaps, id, side, time, limit);
  const after = gaps.find((g) => g.id === id);
  if (after === undefined || after[side] === before[side]) return state;
  return recordEdit({ ...state, gaps }, { kind: 'move', id, side, from: before[side] });
};

/** Undo Delete: `undoDelete`, and the delete step leaves the history too. */
export const undoDeleteEdit = (state: GapEditState): GapEditState => {
  const next = undoDelete(state);
  if (next === state) return state;
  const history = state.history ?? [];
  const index = history.findLastIndex((e) => e.kind === 'delete');
  return index < 0 ? next : { ...next, history: history.filter((_, i) => i !== index) };
};

/**
 * Undo (Ctrl/Cmd+Z): reverts the last step, a handle drag or a delete. Deleted gaps not in the
 * history (for example restored from a saved cut) are still undone, one by one, after it.
 */
export const undoLastEdit = (state: GapEditState): GapEditState => {
  const history = state.history ?? [];
  const last = history.at(-1);
  if (last === undefined) return undoDelete(state);
  const rest = { ...state, history: history.slice(0, -1) };
  if (last.kind === 'delete') return { ...undoDelete(state), history: rest.history };
  const gaps = sortGaps(state.gaps);
  const index = gaps.findIndex((g) => g.id === last.id);
  const gap = gaps[index];
  if (gap === undefined) return rest;
  // NOTE: the exact former value (detected gaps may have more than 2 decimals), unless a later
  // Undo Delete put a neighbour in its way: then it is clamped like a drag.
  const lo = last.side === 'start' ? (gaps[index - 1]?.end ?? -Infinity) : gap.start;
  const hi = last.side === 'end' ? (gaps[index + 1]?.start ?? Infinity) : gap.end;
  const fits =
    last.from >= lo &&
    last.from <= hi &&
    (last.side === 'start' ? hi - last.from : last.from - lo) >= MIN_GAP_LENGTH_S - 1e-9;
  const moved = fits
    ? state.gaps.map((g) => (g.id === last.id ? { ...g, [last.side]: last.from } : g))
    : moveGapHandle(state.gaps, last.id, last.side, last.from, { start: lo, end: hi });
  return { ...rest, gaps: moved };
};

export const canUndo = (state: GapEditState): boolean =>
  (state.history?.length ?? 0) > 0 || state.deletedGaps.length > 0;

/**
 * The editing state a timeline opens with: the gaps to cut, and the detected gaps missing from
 * them as already deleted (so the footer counts them and Undo Delete can bring them back).
 */
export const initialGapEditState = (
  gaps: readonly Gap[],
  detectedGaps: readonly Gap[] = [],
): GapEditState => {
  const ids = new Set(gaps.map((g) => g.id));
  const detected = new Map(detectedGaps.map((g) => [g.id, g]));
  // NOTE (issue 33): a cut confirmed before confirms carried the kind lost its fillers' kind;
  // a gap keeps its id, so the detected gap of that id tells it.
  const withKind = (gap: Gap): Gap => {
    const kind = detected.get(gap.id)?.kind;
    return gap.kind === undefined && kind !== undefined ? { ...gap, kind } : gap;
  };
  return {
    gaps: sortGaps(gaps.map(withKind)),
    deletedGaps: sortGaps(detectedGaps.filter((g) => !ids.has(g.id))),
    history: [],
  };
};
