// A short's framing in xmeml: FCP 7's Basic Motion filter on each picture clip item (Premiere's
// Motion effect), its Scale the render's zoom and its Center keyed where the follow crop's motion
// changes, and for a split a second picture track of the same cuts, each item cropped (FCP 7's
// Crop filter) to the bottom person and moved into the bottom half. NOTE: Basic Motion has one
// scale for both directions, so the height's is written (the render's differ by under 1%); Center
// is the picture's centre from the frame's centre as a share of the frame (x right, y down), and a
// keyframe's `when` is the clip's source frame. Written from FCP 7's XML conventions as other
// writers use them; not yet opened in Premiere here.
import type { Timeline, TimelineCut } from './export-timeline.ts';
import { decimal, keysOfCut, placeSource } from './short-framing.ts';
import type { CropBox } from './short-framing.ts';

type Rect = { x: number; y: number; width: number; height: number };

function motionOf(timeline: Timeline, crop: CropBox, into: Rect) {
  const placed = placeSource(crop, timeline.source, into);
  return {
    scale: decimal(placed.scaleY * 100),
    horiz: decimal((placed.x + placed.width / 2 - timeline.width / 2) / timeline.width),
    vert: decimal((placed.y + placed.height / 2 - timeline.height / 2) / timeline.height),
  };
}

const point = (m: { horiz: string; vert: string }) =>
  `<horiz>${m.horiz}</horiz><vert>${m.vert}</vert>`;

function basicMotion(
  scale: string,
  centre: { horiz: string; vert: string },
  keys: string[],
): string[] {
  return [
    '<filter>',
    '  <effect>',
    '    <name>Basic Motion</name>',
    '    <effectid>basic</effectid>',
    '    <effectcategory>motion</effectcategory>',
    '    <effecttype>motion</effecttype>',
    '    <mediatype>video</mediatype>',
    `    <parameter><parameterid>scale</parameterid><name>Scale</name><valuemin>0</valuemin><valuemax>1000</valuemax><value>${scale}</value></parameter>`,
    `    <parameter><parameterid>center</parameterid><name>Center</name><value>${point(centre)}</value>${keys.join('')}</parameter>`,
    '  </effect>',
    '</filter>',
  ];
}

/** The Basic Motion of a cut's picture on the first track (a split's top half). */
export function motionFilterXml(timeline: Timeline, cut: TimelineCut): string[] {
  const framing = timeline.framing;
  if (!framing) return [];
  const { width, height } = timeline;
  if (framing.layout === 'stacked') {
    const m = motionOf(timeline, framing.crops[0], { x: 0, y: 0, width, height: framing.half });
    return basicMotion(m.scale, m, []);
  }
  const keys = keysOfCut(framing.keys, cut).map((key) => ({
    when: cut.sourceIn + key.frame - cut.recordIn,
    ...motionOf(timeline, key.crop, { x: 0, y: 0, width, height }),
  }));
  const first = keys[0]!;
  const moves = keys.some((k) => k.horiz !== first.horiz || k.vert !== first.vert);
  const keyframes = moves
    ? keys.map((k) => `<keyframe><when>${k.when}</when><value>${point(k)}</value></keyframe>`)
    : [];
  return basicMotion(first.scale, first, keyframes);
}

/** A split's bottom half: Crop to the bottom person, then Basic Motion into the bottom half. */
export function bottomFilterXml(timeline: Timeline): string[] {
  const framing = timeline.framing;
  if (framing?.layout !== 'stacked') return [];
  const crop = framing.crops[1];
  const { width, height } = timeline.source;
  const into = {
    x: 0,
    y: framing.half,
    width: timeline.width,
    height: timeline.height - framing.half,
  };
  const m = motionOf(timeline, crop, into);
  const side = (id: string, value: number, of: number) =>
    `    <parameter><parameterid>${id}</parameterid><name>${id}</name><valuemin>0</valuemin><valuemax>100</valuemax><value>${decimal((value / of) * 100)}</value></parameter>`;
  return [
    '<filter>',
    '  <effect>',
    '    <name>Crop</name>',
    '    <effectid>crop</effectid>',
    '    <effectcategory>motion</effectcategory>',
    '    <effecttype>motion</effecttype>',
    '    <mediatype>video</mediatype>',
    side('left', crop.x, width),
    side('right', width - crop.x - crop.width, width),
    side('top', crop.y, height),
    side('bottom', height - crop.y - crop.height, height),
    '  </effect>',
    '</filter>',
    ...basicMotion(m.scale, m, []),
  ];
}
