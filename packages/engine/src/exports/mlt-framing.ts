// The MLT project's picture: the video track playing the kept spans, and for a short its framing as
// Shotcut's own filters hold it. A moving or fixed crop is a "Size, Position & Rotate" track filter
// (MLT's affine) whose rectangle places the whole source so that the crop fills the frame, keyed
// on the frames where the crop's motion changes; a split is two picture tracks of the same cuts,
// each cropped (MLT's crop filter) to one person and placed in its half.
import { decimal, keysOfCut, placeSource } from './short-framing.ts';
import type { CropBox, FramingKey } from './short-framing.ts';
import type { Timeline } from './export-timeline.ts';
import { property, trackBlend } from './mlt-captions.ts';

export type PictureTracks = {
  /** The playlists, for the project's body. */
  xml: string[];
  /** The tractor's `<track>` lines, above the background. */
  tracks: string[];
  /** The transitions that lay the tracks over each other, after the first. */
  transitions: string[];
};

type Rect = { x: number; y: number; width: number; height: number };

/** An MLT rectangle: "x y w h opacity". */
export const rect = (r: Rect): string =>
  `${decimal(r.x)} ${decimal(r.y)} ${decimal(r.width)} ${decimal(r.height)} 1`;

/** Shotcut's Size, Position & Rotate filter drawing the source so `rects` (by frame) are filled. */
function placeFilter(id: string, rects: string): string[] {
  return [
    `    <filter id="${id}">`,
    `      ${property('background', 'color:#00000000')}`,
    `      ${property('mlt_service', 'affine')}`,
    `      ${property('shotcut:filter', 'affineSizePosition')}`,
    `      ${property('transition.fill', 1)}`,
    // NOTE: the render scales a crop to the frame each way by its own factor (404x720 to
    // 1080x1920); distort lets the rectangle do the same.
    `      ${property('transition.distort', 1)}`,
    `      ${property('transition.rect', rects)}`,
    `      ${property('transition.halign', 'left')}`,
    `      ${property('transition.valign', 'top')}`,
    '    </filter>',
  ];
}

function cropFilter(id: string, crop: CropBox, source: Timeline['source']): string[] {
  return [
    `    <filter id="${id}">`,
    `      ${property('mlt_service', 'crop')}`,
    `      ${property('left', crop.x)}`,
    `      ${property('right', source.width - crop.x - crop.width)}`,
    `      ${property('top', crop.y)}`,
    `      ${property('bottom', source.height - crop.y - crop.height)}`,
    '    </filter>',
  ];
}

/**
 * The frame-keyed rectangle of a single crop: "frame=rect;…" (MLT interpolates linearly between),
 * or one rectangle for a fixed crop.
 */
export function keyedRects(timeline: Timeline, keys: readonly FramingKey[]): string {
  const into = { x: 0, y: 0, width: timeline.width, height: timeline.height };
  const at = (crop: CropBox) => rect(placeSource(crop, timeline.source, into));
  if (keys.length === 1) return at(keys[0]!.crop);
  // NOTE: every cut's own first and last frame is a key, so the crop jumps at a cut as the
  // render's does, and moves in a straight line in between.
  const all = timeline.cuts.flatMap((cut) => keysOfCut(keys, cut));
  return all.map((k) => `${k.frame}=${at(k.crop)}`).join(';');
}

const playlist = (id: string, name: string, entries: string[], filters: string[]): string[] => [
  `  <playlist id="${id}">`,
  `    ${property('shotcut:video', 1)}`,
  `    ${property('shotcut:name', name)}`,
  ...entries,
  ...filters,
  '  </playlist>',
];

export function pictureTracks(timeline: Timeline, entries: string[]): PictureTracks {
  const framing = timeline.framing;
  if (!framing) {
    return {
      xml: playlist('playlist0', 'V1', entries, []),
      tracks: ['    <track producer="playlist0"/>'],
      transitions: [],
    };
  }
  if (framing.layout === 'single') {
    const filter = placeFilter('framing', keyedRects(timeline, framing.keys));
    return {
      xml: playlist('playlist0', 'V1', entries, filter),
      tracks: ['    <track producer="playlist0"/>'],
      transitions: [],
    };
  }
  const { width, height } = timeline;
  const half = framing.half;
  const halves = [
    { x: 0, y: 0, width, height: half },
    { x: 0, y: half, width, height: height - half },
  ];
  const [top, bottom] = framing.crops.map((crop, i) => [
    ...cropFilter(`framing-crop${i + 1}`, crop, timeline.source),
    // NOTE: once cropped, the picture is the crop itself: the rectangle is its half.
    ...placeFilter(`framing${i + 1}`, rect(halves[i]!)),
  ]);
  return {
    xml: [
      ...playlist('playlist0', 'V1 top', entries, top!),
      ...playlist('playlist2', 'V2 bottom', entries, bottom!),
    ],
    // NOTE: the second picture track's sound is the first's again: it is not heard.
    tracks: ['    <track producer="playlist0"/>', '    <track producer="playlist2" hide="audio"/>'],
    // NOTE: each track's own filter places its half on a transparent frame: the blend lays the
    // frame over V1 one to one, the top half showing through.
    transitions: trackBlend('transition-split', 2),
  };
}
