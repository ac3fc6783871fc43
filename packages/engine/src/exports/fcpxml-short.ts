// A short in FCPXML: the project at the render's size, each clip drawn at its own pixel size
// (`adjust-conform type="none"`) and scaled and moved (`adjust-transform`) so the render's crop
// fills the frame, the follow path as position keyframes (linear, in the clip's own time), a split
// as a second, trimmed picture of the same cut on lane 1 over the bottom half, and the captions in
// the clip's style. NOTE: FCPXML gives a position as a percentage of the project frame's height
// (x right, y up, from the frame's centre) and a trim as a percentage of the clip frame's height,
// and every time inside a clip in the asset's own time (from the source's start timecode);
// written from Apple's reference, not yet opened in Final Cut Pro or Resolve here.
import { fcpxColour } from './caption-style.ts';
import type { CaptionStyle, Rgba } from './caption-style.ts';
import { escapeXml } from './export-timeline.ts';
import type { Timeline, TimelineCaption, TimelineCut } from './export-timeline.ts';
import { decimal, keysOfCut, placeSource } from './short-framing.ts';
import type { CropBox } from './short-framing.ts';

type Rect = { x: number; y: number; width: number; height: number };
type Time = (frames: number) => string;

/** The transform that makes `crop` fill `into`: "x y" position and "x y" scale. */
function transformOf(timeline: Timeline, crop: CropBox, into: Rect) {
  const placed = placeSource(crop, timeline.source, into);
  const h = timeline.height;
  const dx = placed.x + placed.width / 2 - timeline.width / 2;
  const dyDown = placed.y + placed.height / 2 - h / 2;
  return {
    position: `${decimal((dx / h) * 100)} ${decimal((-dyDown / h) * 100)}`,
    scale: `${decimal(placed.scaleX)} ${decimal(placed.scaleY)}`,
  };
}

const whole = (timeline: Timeline): Rect => ({
  x: 0,
  y: 0,
  width: timeline.width,
  height: timeline.height,
});

/** The halves of a split: the top crop's and the bottom crop's rectangles. */
const halves = (timeline: Timeline, half: number): [Rect, Rect] => [
  { x: 0, y: 0, width: timeline.width, height: half },
  { x: 0, y: half, width: timeline.width, height: timeline.height - half },
];

function transformXml(position: string, scale: string, keyframes: string[]): string[] {
  if (!keyframes.length) {
    return [`<adjust-transform position="${position}" scale="${scale}"/>`];
  }
  return [
    `<adjust-transform position="${position}" scale="${scale}">`,
    '  <param name="position">',
    '    <keyframeAnimation>',
    ...keyframes.map((k) => `      ${k}`),
    '    </keyframeAnimation>',
    '  </param>',
    '</adjust-transform>',
  ];
}

/** The adjustments of a cut's (spine) clip: how its picture lies in the short's frame. */
export function clipAdjustments(timeline: Timeline, cut: TimelineCut, t: Time): string[] {
  const framing = timeline.framing;
  if (!framing) return [];
  const conform = '<adjust-conform type="none"/>';
  if (framing.layout === 'stacked') {
    const { position, scale } = transformOf(
      timeline,
      framing.crops[0],
      halves(timeline, framing.half)[0],
    );
    return [conform, ...transformXml(position, scale, [])];
  }
  const keys = keysOfCut(framing.keys, cut).map((key) => ({
    time: t(timeline.sourceStart + cut.sourceIn + key.frame - cut.recordIn),
    ...transformOf(timeline, key.crop, whole(timeline)),
  }));
  const first = keys[0]!;
  const moves = keys.some((k) => k.position !== first.position);
  const keyframes = moves
    ? keys.map(
        (k) => `<keyframe time="${k.time}" value="${k.position}" interp="linear" curve="linear"/>`,
      )
    : [];
  return [conform, ...transformXml(first.position, first.scale, keyframes)];
}

/**
 * A split's bottom half over a cut: the same source frames as a video-only clip on lane 1, trimmed
 * to the bottom crop and laid over the bottom half. NOTE: a connected clip's offset is in its
 * parent's own (source) time.
 */
export function splitBottomXml(timeline: Timeline, cut: TimelineCut, t: Time): string[] {
  const framing = timeline.framing;
  if (framing?.layout !== 'stacked') return [];
  const crop = framing.crops[1];
  const { position, scale } = transformOf(timeline, crop, halves(timeline, framing.half)[1]);
  const { width, height } = timeline.source;
  const share = (v: number) => decimal((v / height) * 100);
  const length = cut.sourceOut - cut.sourceIn;
  const from = t(timeline.sourceStart + cut.sourceIn);
  return [
    `<video ref="r2" lane="1" offset="${from}" start="${from}" duration="${t(length)}" name="${escapeXml(timeline.fileName)}">`,
    '  <adjust-crop mode="trim">',
    `    <trim-rect left="${share(crop.x)}" top="${share(crop.y)}" right="${share(width - crop.x - crop.width)}" bottom="${share(height - crop.y - crop.height)}"/>`,
    '  </adjust-crop>',
    '  <adjust-conform type="none"/>',
    ...transformXml(position, scale, []).map((line) => `  ${line}`),
    '</video>',
  ];
}

/** A text style's attributes for FCPXML's `text-style` (a caption's or a title's). */
function styleAttributes(style: CaptionStyle, colour: Rgba): string {
  const face = [style.bold ? 'Bold' : '', style.italic ? 'Italic' : ''].filter(Boolean).join(' ');
  const attributes = [
    `font="${escapeXml(style.family)}"`,
    `fontSize="${decimal(style.size)}"`,
    `fontFace="${face || 'Regular'}"`,
    `fontColor="${fcpxColour(colour)}"`,
    ...(style.bold ? ['bold="1"'] : []),
    ...(style.italic ? ['italic="1"'] : []),
    `strokeColor="${fcpxColour(style.outline.colour)}"`,
    `strokeWidth="${decimal(style.outline.width)}"`,
    ...(style.box ? [`backgroundColor="${fcpxColour(style.box)}"`] : []),
    `alignment="${style.halign}"`,
  ];
  return attributes.join(' ');
}

/**
 * A short's caption: its line in the clip's style, the lit word in its own text style (the
 * highlight colour), at the top or the bottom as the style places it.
 */
export function styledCaptionXml(
  style: CaptionStyle,
  caption: TimelineCaption,
  n: number,
  open: string,
): string[] {
  const runs = caption.runs?.length ? caption.runs : [{ text: caption.text, lit: false }];
  const lit = style.highlight ?? style.colour;
  const spans = runs
    .map((r) => `<text-style ref="ts${n}${r.lit ? 'h' : ''}">${escapeXml(r.text)}</text-style>`)
    .join('');
  const placement = style.valign === 'top' ? 'top' : 'bottom';
  return [
    open,
    `              <text placement="${placement}">${spans}</text>`,
    `              <text-style-def id="ts${n}"><text-style ${styleAttributes(style, style.colour)}/></text-style-def>`,
    ...(runs.some((r) => r.lit)
      ? [
          `              <text-style-def id="ts${n}h"><text-style ${styleAttributes(style, lit)}/></text-style-def>`,
        ]
      : []),
    '            </caption>',
  ];
}
