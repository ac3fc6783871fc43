// Issue 21: where the vertical frame's crop lies in the source picture, at a source time, from a
// clip's framing plan. The render (engine) and the preview (web) evaluate the path with the same
// framingCentreAt, so the preview's crop is where the render's is. Rectangles are shares of the
// source picture, so they apply to any size the picture is shown at.
import type { ClipReframe } from '../constants.ts';
import type {
  ClipFramingResponse,
  FramingPathPoint,
  FramingPlace,
  FramingPlan,
} from '../contracts/framing.contract.ts';

/** The short's frame, 1080x1920: the crop's aspect. */
export const VERTICAL_ASPECT = 1080 / 1920;
/** A split's half of the frame (1080x960) and how much of the picture's height each crop takes. */
export const SPLIT_HALF_ASPECT = 1080 / 960;
export const SPLIT_CROP_SHARE = 0.6;

export type SourceSize = { width: number; height: number };
/** A rectangle of the source picture, in shares of its width and height. */
export type ShareRect = { x: number; y: number; width: number; height: number };

/**
 * The crop centre at source time `t`: linear between path points, the first point's before it and
 * the last one's after it, the centre when there is no path.
 */
export function framingCentreAt(path: readonly FramingPathPoint[], t: number): number {
  if (!path.length) return 0.5;
  if (t <= path[0]!.t) return path[0]!.cx;
  let lo = 0;
  let hi = path.length - 1;
  if (t >= path[hi]!.t) return path[hi]!.cx;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (path[mid]!.t <= t) lo = mid;
    else hi = mid;
  }
  const a = path[lo]!;
  const b = path[hi]!;
  return a.cx + ((b.cx - a.cx) * (t - a.t)) / (b.t - a.t);
}

const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));

/** The largest crop of `aspect` the picture holds, centred. */
export function centreCropRect(source: SourceSize, aspect = VERTICAL_ASPECT): ShareRect {
  const width = Math.min(source.width, source.height * aspect) / source.width;
  const height = Math.min(source.height, source.width / aspect) / source.height;
  return { x: (1 - width) / 2, y: (1 - height) / 2, width, height };
}

/** The follow crop at source time `t`: the centre crop moved along the path, inside the picture. */
export function followCropRect(
  path: readonly FramingPathPoint[],
  t: number,
  source: SourceSize,
): ShareRect {
  const crop = centreCropRect(source);
  const x = clamp(framingCentreAt(path, t) - crop.width / 2, 0, 1 - crop.width);
  return { ...crop, x };
}

/** One split crop: the half frame's aspect around a person, SPLIT_CROP_SHARE of the height. */
export function splitCropRect(place: FramingPlace, source: SourceSize): ShareRect {
  const { width: w, height: h } = source;
  const heightPx = Math.min(h * SPLIT_CROP_SHARE, w / SPLIT_HALF_ASPECT);
  const widthPx = Math.min(w, heightPx * SPLIT_HALF_ASPECT);
  const width = widthPx / w;
  const height = heightPx / h;
  return {
    x: clamp(place.cx - width / 2, 0, 1 - width),
    y: clamp(place.cy - height / 2, 0, 1 - height),
    width,
    height,
  };
}

/** What the frame shows at a time: one crop filling it, or two stacked (top first). */
export type FramingView =
  { layout: 'single'; crop: ShareRect } | { layout: 'stacked'; crops: [ShareRect, ShareRect] };

export function framingViewAt(plan: FramingPlan, t: number, source: SourceSize): FramingView {
  if (plan.mode === 'split') {
    return {
      layout: 'stacked',
      crops: [splitCropRect(plan.places[0], source), splitCropRect(plan.places[1], source)],
    };
  }
  if (plan.mode === 'follow')
    return { layout: 'single', crop: followCropRect(plan.path, t, source) };
  return { layout: 'single', crop: centreCropRect(source) };
}

/**
 * The CSS object-position that shows `crop` in a frame of its aspect with object-fit: cover: the
 * share of the overflow left of (above) the crop.
 */
export function coverPosition(crop: ShareRect): string {
  const along = (start: number, size: number) => (size >= 1 ? 50 : (start / (1 - size)) * 100);
  return `${along(crop.x, crop.width).toFixed(3)}% ${along(crop.y, crop.height).toFixed(3)}%`;
}

/** What the preview frames with, and whether it waits for the speaker to be found. */
export type PreviewFraming = { plan: FramingPlan; finding: boolean };

const CENTRE: FramingPlan = { mode: 'centre' };

/**
 * The preview's framing for the framing shown (the clip screen's pick, the stored one elsewhere)
 * from the answer to the plan asked for it: the centre crop for centre; the plan once ready; the
 * centre crop meanwhile, `finding` while the speaker is being found.
 */
export function previewFraming(options: {
  shown: ClipReframe;
  framing: ClipFramingResponse | undefined;
}): PreviewFraming {
  const { shown, framing } = options;
  if (shown === 'centre') return { plan: CENTRE, finding: false };
  if (framing?.state !== 'ready') return { plan: CENTRE, finding: true };
  return { plan: framing.plan, finding: false };
}
