import type {
  Gap,
  ClickModifiers,
  GapEdit,
  GapEditState,
  HandleLimit,
  HandleSide,
  Span,
} from '@roughcut/shared';
import {
  MIN_GAP_LENGTH_S,
  TIMELINE_MAX_ZOOM,
  TIMELINE_MIN_ZOOM,
  TIMELINE_ZOOM_STEP,
  formatClipTime,
  formatDuration,
  gapCounts,
  roundTo,
  deleteGap,
  mergeGaps,
  moveGapHandle,
  restoreGap,
  sortGaps,
  totalLength,
  undoDelete,
} from '@roughcut/shared';
import { clamp } from '../../lib/clamp.ts';

// SPEC 2.12, 4.6 and 9: the speech-gap timeline's zoom, viewport, ruler and labels.

export const clampZoom = (zoom: number): number =>
  clamp(Number.isFinite(zoom) ? zoom : TIMELINE_MIN_ZOOM, TIMELINE_MIN_ZOOM, TIMELINE_MAX_ZOOM);

/** One wheel tick: scrolling up (negative deltaY) zooms in by 1.1x, down zooms out. */
export const zoomByWheel = (zoom: number, deltaY: number): number => {
  if (deltaY === 0) return clampZoom(zoom);
  return clampZoom(deltaY < 0 ? zoom * TIMELINE_ZOOM_STEP : zoom / TIMELINE_ZOOM_STEP);
};

/** Seconds between ruler markers for a zoom level. */
export const markerSpacing = (zoom: number): number => {
  if (zoom >= 8) return 0.5;
  if (zoom >= 5) return 1;
  if (zoom >= 3) return 5;
  if (zoom >= 1.5) return 10;
  return 30;
};

export type Viewport = { duration: number; zoom: number; viewportStart: number };

/** Seconds visible at once: the whole video at 1x, a tenth at 10x. */
export const visibleDuration = (duration: number, zoom: number): number =>
  duration > 0 ? duration / clampZoom(zoom) : 0;

/** Keeps the window inside [0, duration]. */
export const clampViewportStart = (start: number, duration: number, zoom: number): number =>
  clamp(start, 0, Math.max(0, duration - visibleDuration(duration, zoom)));

export const visibleWindow = (v: Viewport): Span => {
  const start = clampViewportStart(v.viewportStart, v.duration, v.zoom);
  return { start, end: Math.min(v.duration, start + visibleDuration(v.duration, v.zoom)) };
};

export const timeToPixel = (time: number, v: Viewport, widthPx: number): number => {
  const visible = visibleDuration(v.duration, v.zoom);
  if (visible <= 0 || widthPx <= 0) return 0;
  return ((time - clampViewportStart(v.viewportStart, v.duration, v.zoom)) / visible) * widthPx;
};

/** A pixel offset inside the timeline bar to a time, clamped to [0, duration]. */
export const pixelToTime = (px: number, v: Viewport, widthPx: number): number => {
  if (widthPx <= 0) return 0;
  const start = clampViewportStart(v.viewportStart, v.duration, v.zoom);
  return clamp(start + (px / widthPx) * visibleDuration(v.duration, v.zoom), 0, v.duration);
};

/** Scrolling pans: `deltaPx` of wheel movement moves the window by as many pixels' worth of time. */
export const panViewport = (v: Viewport, deltaPx: number, widthPx: number): number => {
  if (widthPx <= 0) return clampViewportStart(v.viewportStart, v.duration, v.zoom);
  const deltaS = (deltaPx / widthPx) * visibleDuration(v.duration, v.zoom);
  return clampViewportStart(v.viewportStart + deltaS, v.duration, v.zoom);
};

/** Ctrl/Cmd+scroll: zoom one tick, keeping the time under the pointer (`anchorTime`) in place. */
export const zoomAround = (v: Viewport, deltaY: number, anchorTime: number): Viewport => {
  const zoom = zoomByWheel(v.zoom, deltaY);
  const oldVisible = visibleDuration(v.duration, v.zoom);
  const start = clampViewportStart(v.viewportStart, v.duration, v.zoom);
  const fraction = oldVisible > 0 ? (anchorTime - start) / oldVisible : 0;
  const viewportStart = clampViewportStart(
    anchorTime - fraction * visibleDuration(v.duration, zoom),
    v.duration,
    zoom,
  );
  return { duration: v.duration, zoom, viewportStart };
};

/** Center on Playhead. */
export const centerOn = (v: Viewport, time: number): number =>
  clampViewportStart(time - visibleDuration(v.duration, v.zoom) / 2, v.duration, v.zoom);

/** Reset Zoom. */
export const resetZoom = (duration: number): Viewport => ({
  duration,
  zoom: TIMELINE_MIN_ZOOM,
  viewportStart: 0,
});

/** Ruler marker times inside the visible window, on multiples of the zoom's spacing. */
export const rulerMarkers = (v: Viewport): number[] => {
  const spacing = markerSpacing(v.zoom);
  const { start, end } = visibleWindow(v);
  const markers: number[] = [];
  for (let i = Math.ceil(roundTo(start / spacing, 6)); i * spacing <= end + 1e-9; i += 1) {
    markers.push(roundTo(i * spacing, 2));
  }
  return markers;
};

/** "Viewing: start - end of total", on the clip screen's clock (issue 33). */
export const viewingLabel = (v: Viewport): string => {
  const { start, end } = visibleWindow(v);
  return `Viewing: ${formatClipTime(start)} - ${formatClipTime(end)} of ${formatClipTime(v.duration)}`;
};

/** The Zoom label value, e.g. "1.21x". */
export const zoomLabel = (zoom: number): string => `${roundTo(clampZoom(zoom), 2)}x`;

/** The clip screen's footer: gaps found and gaps deleted, counted by shared `gapCounts`. */
export const gapFooterLabel = ({ found, deleted }: { found: number; deleted: number }): string =>
  `${found} ${found === 1 ? 'gap' : 'gaps'} found, ${deleted} ${deleted === 1 ? 'gap' : 'gaps'} deleted`;

/** Beside the footer: what "deleted" means for a gap (issue 33). */
export const DELETED_GAPS_HINT = 'Deleted gaps stay in the video';

/**
 * The three-line description: the gap count (issue 33: the clip screen's footer line, from the
 * same `gapCounts`, so both screens count a clip's gaps alike), the total time cut against the
 * video length, and the percentage of the video deleted (2 decimals), lengths in d, h, m and s
 * (SPEC 9). Overlapping gaps are counted once in the time.
 */
export const timelineDescription = (state: GapEditState, duration: number): string[] => {
  const gapTime = totalLength(mergeGaps(state.gaps, 0));
  const percent = duration > 0 ? (gapTime / duration) * 100 : 0;
  return [
    gapFooterLabel(gapCounts(state)),
    `Total gap time: ${formatDuration(gapTime)} of ${formatDuration(duration)} video length`,
    `${roundTo(percent, 2).toFixed(2)}% of the video deleted`,
  ];
};

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
