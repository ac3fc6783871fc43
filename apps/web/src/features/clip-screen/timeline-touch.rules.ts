import type { Gap } from '@roughcut/shared';
import { gapAtTime } from './timeline-geometry.ts';
import {
  clampViewportStart,
  clampZoom,
  pixelToTime,
  visibleDuration,
  type Viewport,
} from './timeline.rules.ts';

// Issue 33: the timeline by touch (and the pointer rules touch shares with the mouse): how near
// an edge a press grabs it, when a press is a tap, which gap a tap selects, and pinch to zoom.

/** A touch target: at least 44 px wide (WCAG 2.5.5, Apple's and Google's guidance). */
export const TOUCH_TARGET_PX = 44;
/** How near (in pixels) to a gap edge a mouse press grabs it. */
export const MOUSE_GRAB_PX = 6;
/** A finger that moves less than this (pixels) is tapping, not dragging. */
export const TAP_SLOP_PX = 8;

/** Half a touch target either side of the edge for a finger; a few pixels for a mouse or pen. */
export const grabRadiusPx = (pointerType: string): number =>
  pointerType === 'touch' ? TOUCH_TARGET_PX / 2 : MOUSE_GRAB_PX;

/** Whether a finger has moved far enough from where it came down to be dragging. */
export const isDragging = (pointerType: string, movedPx: number): boolean =>
  pointerType !== 'touch' || Math.abs(movedPx) >= TAP_SLOP_PX;

/** The gap a plain press or tap at `time` selects (null: the selection clears). */
export const gapToSelect = (sortedGaps: readonly Gap[], time: number): string | null =>
  gapAtTime(sortedGaps, time)?.id ?? null;

/** The selected gap, if it is still in the cut (an undo or a delete may have taken it). */
export const selectedGap = (gaps: readonly Gap[], id: string | null): Gap | null =>
  id === null ? null : (gaps.find((g) => g.id === id) ?? null);

export type TouchPoint = { x: number; y: number };

export type Pinch = {
  view: Viewport;
  /** Pixels between the two fingers when the pinch began. */
  distance: number;
  /** The local time under the point between them then: it stays under the fingers. */
  anchor: number;
};

const distanceOf = (a: TouchPoint, b: TouchPoint): number => Math.hypot(a.x - b.x, a.y - b.y);
const centreOf = (a: TouchPoint, b: TouchPoint): number => (a.x + b.x) / 2;

/** A pinch begins: two fingers at `a` and `b` (x from the timeline's left edge). */
export const startPinch = (
  view: Viewport,
  a: TouchPoint,
  b: TouchPoint,
  widthPx: number,
): Pinch => ({
  view,
  distance: distanceOf(a, b),
  anchor: pixelToTime(centreOf(a, b), view, widthPx),
});

/**
 * The view while pinching: zoom in the ratio the fingers spread (1x to 10x), the time that was
 * under the point between them kept under it as it moves (so two fingers also pan).
 */
export const pinchView = (
  pinch: Pinch,
  a: TouchPoint,
  b: TouchPoint,
  widthPx: number,
): Viewport => {
  const { duration } = pinch.view;
  const ratio = pinch.distance > 0 ? distanceOf(a, b) / pinch.distance : 1;
  const zoom = clampZoom(pinch.view.zoom * ratio);
  const fraction = widthPx > 0 ? centreOf(a, b) / widthPx : 0;
  const viewportStart = clampViewportStart(
    pinch.anchor - fraction * visibleDuration(duration, zoom),
    duration,
    zoom,
  );
  return { duration, zoom, viewportStart };
};
