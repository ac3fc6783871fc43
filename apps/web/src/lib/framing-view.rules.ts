import { framingCentreAt } from '@roughcut/shared';
import type {
  ClipFramingResponse,
  ClipReframe,
  FramingPathPoint,
  FramingPlace,
  FramingPlan,
} from '@roughcut/shared';
import { clamp } from './clamp.ts';

// Issue 21: the preview's crop of the vertical frame in the source picture, at a source time, from
// a clip's framing plan, its path evaluated by shared framingCentreAt as the render's is.
// Rectangles are shares of the source picture, so they apply to any size the picture is shown at.

/** The short's frame, 1080x1920: the crop's aspect. */
export const VERTICAL_ASPECT = 1080 / 1920;
/** A split's half of the frame (1080x960) and how much of the picture's height each crop takes. */
export const SPLIT_HALF_ASPECT = 1080 / 960;
export const SPLIT_CROP_SHARE = 0.6;

export type SourceSize = { width: number; height: number };
/** A rectangle of the source picture, in shares of its width and height. */
export type ShareRect = { x: number; y: number; width: number; height: number };

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
