// A vertical frame's crop on the picture as displayed (after rotation metadata): its size, where
// it sits, and the plans that move it. Pure geometry, shared by the renderer's filters
// (render/reframe.ts), the framing search (reframe/) and the editors' exports (exports/).
import type { ProbeResult } from '../types.ts';

export type CropBox = { width: number; height: number; x: number; y: number };

/** A size rounded down to even (the encoder's need), at least 2. */
export const even = (n: number): number => Math.max(2, Math.floor(n / 2) * 2);

export function centreCrop(
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  targetWidth: number,
  targetHeight: number,
): CropBox {
  const { displayWidth: w, displayHeight: h } = probe;
  const aspect = targetWidth / targetHeight;
  const width = even(Math.min(w, h * aspect));
  const height = even(Math.min(h, w / aspect));
  return { width, height, x: Math.floor((w - width) / 2), y: Math.floor((h - height) / 2) };
}

/** How a short clip is framed: a fixed centre crop, a crop following the speaker, or two people stacked. */
export const REFRAME_MODES = ['centre', 'follow', 'split'] as const;
export type ReframeMode = (typeof REFRAME_MODES)[number];

/** Where the crop's centre is (share of the frame's width) at source times. */
export type CropPathPoint = { t: number; cx: number };
export type SplitPlace = { cx: number; cy: number };

export type ReframePlan =
  | { mode: 'centre' }
  | { mode: 'follow'; path: CropPathPoint[] }
  | { mode: 'split'; places: [SplitPlace, SplitPlace] };

/** The crop's left edge (display pixels, even) for a centre given as a share of the width. */
export function cropLeft(cx: number, crop: CropBox, displayWidth: number): number {
  const x = Math.round((cx * displayWidth - crop.width / 2) / 2) * 2;
  return Math.min(displayWidth - crop.width, Math.max(0, x));
}

/** A crop of the given aspect around a place, zoomed to `share` of the frame's height, inside the frame. */
export function placeCrop(
  place: SplitPlace,
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  aspect: number,
  share: number,
): CropBox {
  const { displayWidth: w, displayHeight: h } = probe;
  const height = even(Math.min(h * share, w / aspect));
  const width = even(Math.min(w, height * aspect));
  const clampEven = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v / 2) * 2));
  return {
    width,
    height,
    x: clampEven(place.cx * w - width / 2, w - width),
    y: clampEven(place.cy * h - height / 2, h - height),
  };
}
