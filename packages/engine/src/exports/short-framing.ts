// A short's framing as the timelines carry it: which rectangle of the source picture the render
// shows at each frame of the cut. It is worked out with the render's own rules (frames/crop.ts:
// the centre crop, the follow crop's even left edge, the split's two crops; framingCentreAt for the
// path), so a timeline that scales and moves the picture by it shows what the rendered short shows.
import { framingCentreAt } from '@roughcut/shared';
import type { FramingPlan } from '@roughcut/shared';
import { centreCrop, cropLeft, placeCrop } from '../frames/crop.ts';
import type { CropBox } from '../frames/crop.ts';
import type { FrameSize } from './ass-play-res.ts';

export type { CropBox } from '../frames/crop.ts';

/** The crop shown from record frame `frame` on: linear to the next key, held after the last. */
export type FramingKey = { frame: number; crop: CropBox };

/**
 * `single`: one crop fills the frame, moving between keys (one key: a fixed crop). `stacked`: a
 * split, two fixed crops, the first filling the top half and the second the bottom half.
 */
export type TimelineFraming =
  | { layout: 'single'; keys: FramingKey[] }
  | { layout: 'stacked'; crops: [CropBox, CropBox]; half: number };

type Cut = { sourceIn: number; sourceOut: number; recordIn: number };

/** The render's split (render/reframe.ts splitFilters): each half an even number of lines. */
const halfHeight = (height: number): number => Math.max(2, Math.floor(height / 4) * 2);

/** The render's split crop zoom: each crop holds this share of the picture's height. */
const SPLIT_SHARE = 0.6;

/**
 * The framing of `plan` over the cut, at the render's frame rate `fps` and output size `frame`.
 * NOTE: a follow path's keys are the frames where its motion changes (a path point, the crop
 * reaching the picture's edge, a cut) plus each cut's first and last frame: between them the
 * render's crop moves in a straight line, so an editor's linear interpolation between the keys
 * lands within a pixel or two of it (the render rounds each frame's left edge to an even pixel).
 */
export function shortFraming(options: {
  plan: FramingPlan;
  cuts: readonly Cut[];
  fps: number;
  source: FrameSize;
  frame: FrameSize;
}): TimelineFraming {
  const { plan, source, frame } = options;
  const probe = { displayWidth: source.width, displayHeight: source.height };
  if (plan.mode === 'split') {
    const half = halfHeight(frame.height);
    const [top, bottom] = plan.places.map((p) =>
      placeCrop(p, probe, frame.width / half, SPLIT_SHARE),
    );
    return { layout: 'stacked', crops: [top!, bottom!], half };
  }
  const crop = centreCrop(probe, frame.width, frame.height);
  // NOTE: as the render, a follow plan without a path is the centre crop.
  if (plan.mode !== 'follow' || !plan.path.length) {
    return { layout: 'single', keys: [{ frame: 0, crop }] };
  }
  const path = plan.path;
  const free = source.width - crop.width;
  /** The left edge before the render rounds it: straight between the path's points. */
  const exact = (t: number) =>
    Math.min(free, Math.max(0, framingCentreAt(path, t) * source.width - crop.width / 2));
  const keys: FramingKey[] = [];
  for (const cut of options.cuts) {
    const length = cut.sourceOut - cut.sourceIn;
    const at = (k: number) => exact((cut.sourceIn + k) / options.fps);
    for (let k = 0; k < length; k++) {
      const bends = k > 0 && k < length - 1 && Math.abs(at(k + 1) - 2 * at(k) + at(k - 1)) > 1e-6;
      if (k === 0 || k === length - 1 || bends) {
        const t = (cut.sourceIn + k) / options.fps;
        const x = cropLeft(framingCentreAt(path, t), crop, source.width);
        keys.push({ frame: cut.recordIn + k, crop: { ...crop, x } });
      }
    }
  }
  return { layout: 'single', keys };
}

/** The crop a `single` framing shows at record frame `frame` (linear between keys). */
export function cropAt(keys: readonly FramingKey[], frame: number): CropBox {
  let lo = 0;
  let hi = keys.length - 1;
  if (frame <= keys[0]!.frame) return keys[0]!.crop;
  if (frame >= keys[hi]!.frame) return keys[hi]!.crop;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]!.frame <= frame) lo = mid;
    else hi = mid;
  }
  const a = keys[lo]!;
  const b = keys[hi]!;
  const f = (frame - a.frame) / (b.frame - a.frame);
  return { ...a.crop, x: a.crop.x + (b.crop.x - a.crop.x) * f };
}

/**
 * How the whole source picture lies in the frame so that `crop` fills the rectangle `into`: its
 * top-left corner and size in frame pixels (the source scaled by into/crop, each way its own).
 */
export function placeSource(
  crop: CropBox,
  source: FrameSize,
  into: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number; scaleX: number; scaleY: number } {
  const scaleX = into.width / crop.width;
  const scaleY = into.height / crop.height;
  return {
    x: into.x - crop.x * scaleX,
    y: into.y - crop.y * scaleY,
    width: source.width * scaleX,
    height: source.height * scaleY,
    scaleX,
    scaleY,
  };
}

/** The keys of a `single` framing that fall on one cut, in order (a cut's own first and last). */
export function keysOfCut(keys: readonly FramingKey[], cut: Cut): FramingKey[] {
  const end = cut.recordIn + cut.sourceOut - cut.sourceIn;
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]!.frame < cut.recordIn) lo = mid + 1;
    else hi = mid;
  }
  const found: FramingKey[] = [];
  for (let i = lo; i < keys.length && keys[i]!.frame < end; i++) found.push(keys[i]!);
  // NOTE: a fixed crop has one key, at frame 0: every cut shows it.
  return found.length ? found : [{ frame: cut.recordIn, crop: cropAt(keys, cut.recordIn) }];
}

/** A number for a file: at most 3 decimals, no trailing zeros, never "-0". */
export const decimal = (value: number): string => {
  const rounded = Math.round(value * 1000) / 1000;
  return String(rounded === 0 ? 0 : rounded);
};
