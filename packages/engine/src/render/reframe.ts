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
