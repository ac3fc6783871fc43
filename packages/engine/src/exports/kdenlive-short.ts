// A short in the Kdenlive project, in Kdenlive's own effects: the follow or centre crop as a
// Transform track effect (qtblend, its `rect` keyed on the frames where the crop's motion changes,
// `distort` on, as the render scales a crop each way by its own factor), a split as a second video
// track of the same cuts, each clip an Edge Crop (crop) to one person and a Transform into its
// half (the same rectangles as the MLT project's, mlt-framing.ts), and the captions as a track of one transparent colour clip from the bin, each caption a
// cut of it carrying a Dynamic Text effect in the clip's style. WARNING: checked by melt's
// playback against the app's render, not yet by opening it in Kdenlive itself.
import type { Timeline } from './export-timeline.ts';
import { captionClips, property } from './mlt-captions.ts';
import { keyedRects, rect } from './mlt-framing.ts';
import type { CropBox } from './short-framing.ts';

/** The bin id of the transparent colour clip the captions are cut from (the source's is 2). */
const CAPTION_BIN_ID = '3';

const filter = (id: string, properties: [string, string | number][], indent = 4): string[] => {
  const pad = ' '.repeat(indent);
  return [
    `${pad}<filter id="${id}">`,
    ...properties.map(([name, value]) => `${pad}  ${property(name, value)}`),
    `${pad}</filter>`,
  ];
};

/** Kdenlive's Transform effect: the source drawn into `rects` (one, or keyed by frame). */
const transform = (id: string, rects: string, indent: number): string[] =>
  filter(
    id,
    [
      ['rect', rects],
      ['rotation', 0],
      ['compositing', 0],
      // NOTE: the render scales a crop to the frame each way by its own factor (404x720 to
      // 1080x1920); distort lets the rectangle do the same.
      ['distort', 1],
      ['mlt_service', 'qtblend'],
      ['kdenlive_id', 'qtblend'],
    ],
    indent,
  );

/** Kdenlive's Edge Crop effect, in the source's own pixels. */
const edgeCrop = (id: string, crop: CropBox, source: Timeline['source']): string[] =>
  filter(
    id,
    [
      ['left', crop.x],
      ['right', source.width - crop.x - crop.width],
      ['top', crop.y],
      ['bottom', source.height - crop.y - crop.height],
      ['use_profile', 0],
      ['mlt_service', 'crop'],
      ['kdenlive_id', 'crop'],
    ],
    6,
  );

/** A picture track's effects: on the track itself, and on each of its clips. */
export type PictureEffects = { track: string[]; clip: string[] };

/**
 * The effects of the picture tracks: V1's alone, or V1's and V2's for a split; none for the long
 * form. A moving crop is a track effect (on the track's tractor, so its keys are timeline frames);
 * a split's are fixed, on each clip. WARNING: Edge Crop must be a clip's: MLT crops a clip's own
 * frames, and a crop on the track (a tractor's frame) is lost.
 */
export function pictureEffects(timeline: Timeline): PictureEffects[] {
  const framing = timeline.framing;
  if (!framing) return [{ track: [], clip: [] }];
  if (framing.layout === 'single') {
    return [{ track: transform('framing', keyedRects(timeline, framing.keys), 4), clip: [] }];
  }
  const { width, height } = timeline;
  const halves = [
    { x: 0, y: 0, width, height: framing.half },
    { x: 0, y: framing.half, width, height: height - framing.half },
  ];
  // NOTE: once cropped, the picture is the crop itself: the rectangle is its half.
  return framing.crops.map((crop, i) => ({
    track: [],
    clip: [
      ...edgeCrop(`framing-crop${i + 1}`, crop, timeline.source),
      ...transform(`framing${i + 1}`, rect(halves[i]!), 6),
    ],
  }));
}

/** Kdenlive spells a colour 0xRRGGBBAA; MLT's text filters read it as well as #AARRGGBB. */
const kdenliveColour = (value: string | number): string | number => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{6})$/i.exec(String(value));
  return match ? `0x${match[2]}${match[1]}` : value;
};

/** A Dynamic Text property as Kdenlive's effect lists it (its colours, 'centre'). */
function dynamicTextProperty([name, value]: [string, string | number]): [string, string | number] {
  if (name.endsWith('colour')) return [name, kdenliveColour(value)];
  if (name === 'halign' && value === 'center') return [name, 'centre'];
  return [name, value];
}

export type CaptionLane = {
  /** The transparent colour clip, for the document (and its bin entry). */
  producer: string[];
  /** The lane's entries: a blank between captions, a cut of the colour clip for each. */
  entries: string[];
  /** The colour clip's last frame, for its bin entry. */
  last: number;
};

/** The captions as Kdenlive clips with Dynamic Text, or null when there are none. */
export function captionLane(timeline: Timeline): CaptionLane | null {
  const clips = captionClips(timeline);
  if (!clips.length) return null;
  const longest = Math.max(...clips.map((c) => c.length));
  const producer = [
    `  <producer id="captions" in="0" out="${longest - 1}">`,
    `    ${property('length', longest)}`,
    `    ${property('eof', 'pause')}`,
    `    ${property('resource', '0x00000000')}`,
    `    ${property('aspect_ratio', 1)}`,
    `    ${property('mlt_service', 'color')}`,
    `    ${property('mlt_image_format', 'rgba')}`,
    `    ${property('kdenlive:clipname', 'Captions')}`,
    `    ${property('kdenlive:folderid', -1)}`,
    `    ${property('kdenlive:id', CAPTION_BIN_ID)}`,
    '  </producer>',
  ];
  const entries: string[] = [];
  let at = 0;
  clips.forEach(({ caption, length, text }, i) => {
    if (caption.recordIn > at) entries.push(`    <blank length="${caption.recordIn - at}"/>`);
    entries.push(
      `    <entry producer="captions" in="0" out="${length - 1}">`,
      `      ${property('kdenlive:id', CAPTION_BIN_ID)}`,
      ...filter(
        `caption-text${i + 1}`,
        [
          ...text.map(dynamicTextProperty),
          ['mlt_service', 'dynamictext'],
          ['kdenlive_id', 'dynamictext'],
        ],
        6,
      ),
      '    </entry>',
    );
    at = caption.recordOut;
  });
  return { producer, entries, last: longest - 1 };
}
