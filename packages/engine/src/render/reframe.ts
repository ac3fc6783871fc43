// Centre crop to the target aspect, on the picture as displayed (after rotation metadata).
import type { ProbeResult } from '../types.ts';

export type CropBox = { width: number; height: number; x: number; y: number };

const even = (n: number): number => Math.max(2, Math.floor(n / 2) * 2);

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

/** crop, scale and square pixels: the filters that turn any picture into a vertical frame. */
export function reframeFilters(crop: CropBox, width: number, height: number): string[] {
  return [
    `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`,
    `scale=${width}:${height}:flags=lanczos`,
    'setsar=1',
  ];
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

/**
 * sendcmd lines that move the crop named `target` along the path, one per output frame where its
 * left edge changes. The path is in source time; `sourceTimes[n]` is output frame n's source time
 * (the kept spans), so the picture's moves are cut exactly where the sound is.
 */
export function cropCommands(options: {
  path: readonly CropPathPoint[];
  sourceTimes: readonly number[];
  fps: number;
  crop: CropBox;
  displayWidth: number;
  centreAt: (path: readonly CropPathPoint[], t: number) => number;
  target?: string;
}): string[] {
  const target = options.target ?? 'crop@follow';
  const lines: string[] = [];
  let last: number | undefined;
  options.sourceTimes.forEach((t, n) => {
    const x = cropLeft(options.centreAt(options.path, t), options.crop, options.displayWidth);
    if (x === last) return;
    last = x;
    // NOTE: half a frame early, so rounding of frame times never delays a move by a frame.
    const at = Math.max(0, (n - 0.5) / options.fps);
    lines.push(`${at.toFixed(4)} ${target} x ${x};`);
  });
  return lines;
}

/** The crop that follows: sendcmd feeding a named crop, then scale. */
export function followFilters(
  commandsPath: string,
  crop: CropBox,
  width: number,
  height: number,
): string[] {
  return [
    `sendcmd=f=${commandsPath}`,
    `crop@follow=${crop.width}:${crop.height}:${crop.x}:${crop.y}`,
    `scale=${width}:${height}:flags=lanczos`,
    'setsar=1',
  ];
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

/**
 * Two people one above the other: each half a crop around one of them. NOTE: the chain splits
 * and joins inside the tail, so later filters (subtitles) still see one picture.
 */
export function splitFilters(
  places: [SplitPlace, SplitPlace],
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  width: number,
  height: number,
): string[] {
  const half = even(height / 2);
  const [top, bottom] = places.map((p) => placeCrop(p, probe, width / half, 0.6));
  const part = (c: CropBox, label: string) =>
    `[${label}]crop=${c.width}:${c.height}:${c.x}:${c.y},scale=${width}:${half}:flags=lanczos,setsar=1[${label}o]`;
  return [
    `split[rt][rb];${part(top!, 'rt')};${part(bottom!, 'rb')};[rto][rbo]vstack`,
    `scale=${width}:${height}`,
    'setsar=1',
  ];
}
