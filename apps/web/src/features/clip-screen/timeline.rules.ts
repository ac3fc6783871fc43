import type { Span } from '@roughcut/shared';
import {
  TIMELINE_MAX_ZOOM,
  TIMELINE_MIN_ZOOM,
  TIMELINE_ZOOM_STEP,
  mergeGaps,
  totalLength,
} from '@roughcut/shared';
import { clamp } from '../../lib/clamp.ts';
import { gapCounts } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import { formatClipTime, formatDuration, roundTo } from '../../lib/time.format.ts';

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

/** The clip screen's footer: gaps found and gaps deleted, counted by `gapCounts`. */
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
