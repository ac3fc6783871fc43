// The renderer's reframing filters: crop, scale and square pixels for a fixed crop, a crop that
// follows the speaker (sendcmd), or two people stacked. The geometry is frames/crop.ts.
import type { CropBox, CropPathPoint, SplitPlace } from '../frames/crop.ts';
import { cropLeft, even, placeCrop } from '../frames/crop.ts';
import type { ProbeResult } from '../types.ts';

/** crop, scale and square pixels: the filters that turn any picture into a vertical frame. */
export function reframeFilters(crop: CropBox, width: number, height: number): string[] {
  return [
    `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`,
    `scale=${width}:${height}:flags=lanczos`,
    'setsar=1',
  ];
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
