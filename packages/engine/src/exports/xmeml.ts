// Final Cut Pro 7 XML (xmeml version 4), the form Premiere Pro imports (and Resolve reads): a
// video track and an audio track of clip items cut from the one source file, each picture linked
// to its sound, and the captions as a second video track of Text generators (xmeml has no caption
// track; Premiere and Resolve import a Text generator's words), each also a sequence marker. A
// short's sequence is at its render's size with its framing (xmeml-motion.ts) and caption style.
import { lineColour } from './caption-style.ts';
import { cutLength, escapeXml } from './export-timeline.ts';
import type { Timeline, TimelineCaption, TimelineCut } from './export-timeline.ts';
import { editorTimecode, isDropFrame, isNtsc, timebase } from './frame-time.ts';
import { decimal } from './short-framing.ts';
import { bottomFilterXml, motionFilterXml } from './xmeml-motion.ts';

const bool = (value: boolean) => (value ? 'TRUE' : 'FALSE');

const displayFormat = (timeline: Timeline) => (isDropFrame(timeline.rate) ? 'DF' : 'NDF');

function rateXml(timeline: Timeline): string {
  return `<rate><timebase>${timebase(timeline.rate)}</timebase><ntsc>${bool(isNtsc(timeline.rate))}</ntsc></rate>`;
}

function fileXml(timeline: Timeline, first: boolean): string[] {
  if (!first) return ['<file id="file-1"/>'];
  const name = escapeXml(timeline.fileName);
  const start = timeline.sourceStart;
  return [
    '<file id="file-1">',
    `  <name>${name}</name>`,
    `  <pathurl>${escapeXml(timeline.media.localhostUrl)}</pathurl>`,
    `  ${rateXml(timeline)}`,
    `  <duration>${timeline.sourceFrames}</duration>`,
    // NOTE: the file's timecode is the source's own start; a clip item's in and out stay frames
    // from the file's first, which an importer places at this timecode.
    `  <timecode>${rateXml(timeline)}<string>${editorTimecode(start, timeline.rate)}</string><frame>${start}</frame><displayformat>${displayFormat(timeline)}</displayformat></timecode>`,
    '  <media>',
    `    <video><samplecharacteristics>${rateXml(timeline)}<width>${timeline.source.width}</width><height>${timeline.source.height}</height><anamorphic>FALSE</anamorphic><pixelaspectratio>square</pixelaspectratio><fielddominance>none</fielddominance></samplecharacteristics></video>`,
    `    <audio><samplecharacteristics><depth>16</depth><samplerate>${timeline.audioRate}</samplerate></samplecharacteristics><channelcount>${timeline.audioChannels}</channelcount></audio>`,
    '  </media>',
    '</file>',
  ];
}

const linkXml = (kind: 'video' | 'audio', index: number): string =>
  `<link><linkclipref>clipitem-${kind === 'video' ? 'v' : 'a'}${index + 1}</linkclipref><mediatype>${kind}</mediatype><trackindex>1</trackindex><clipindex>${index + 1}</clipindex>${kind === 'audio' ? '<groupindex>1</groupindex>' : ''}</link>`;

/** `bottom`: a split's second picture of the cut, over the bottom half (not linked to sound). */
type ItemKind = 'video' | 'audio' | 'bottom';

const itemId = (kind: ItemKind, index: number): string =>
  `clipitem-${kind === 'video' ? 'v' : kind === 'audio' ? 'a' : 'b'}${index + 1}`;

function clipItemXml(
  timeline: Timeline,
  cut: TimelineCut,
  index: number,
  kind: ItemKind,
): string[] {
  const filters =
    kind === 'video'
      ? motionFilterXml(timeline, cut)
      : kind === 'bottom'
        ? bottomFilterXml(timeline)
        : [];
  const body = [
    `<masterclipid>masterclip-1</masterclipid>`,
    `<name>${escapeXml(timeline.fileName)}</name>`,
    '<enabled>TRUE</enabled>',
    `<duration>${timeline.sourceFrames}</duration>`,
    rateXml(timeline),
    `<start>${cut.recordIn}</start>`,
    `<end>${cut.recordIn + cutLength(cut)}</end>`,
    `<in>${cut.sourceIn}</in>`,
    `<out>${cut.sourceOut}</out>`,
    ...fileXml(timeline, kind === 'video' && index === 0),
    ...(kind === 'audio'
      ? ['<sourcetrack><mediatype>audio</mediatype><trackindex>1</trackindex></sourcetrack>']
      : []),
    ...filters,
    ...(kind === 'bottom' ? [] : [linkXml('video', index), linkXml('audio', index)]),
  ];
  return [
    `<clipitem id="${itemId(kind, index)}">`,
    ...body.map((line) => `  ${line}`),
    '</clipitem>',
  ];
}

const indent = (lines: readonly string[], spaces: number): string[] =>
  lines.map((line) => `${' '.repeat(spaces)}${line}`);

/** FCP 7's Text generator: its words, centred in the lower part of the frame. */
function captionItemXml(timeline: Timeline, caption: TimelineCaption, index: number): string[] {
  const length = caption.recordOut - caption.recordIn;
  const style = timeline.captionStyle;
  const size = style
    ? Math.max(1, Math.round(style.size))
    : Math.max(12, Math.round(Math.min(timeline.width, timeline.height) * 0.055));
  const parameter = (id: string, name: string, value: string) =>
    `  <parameter><parameterid>${id}</parameterid><name>${name}</name><value>${value}</value></parameter>`;
  const colour = style ? lineColour(style, caption.runs) : { r: 255, g: 255, b: 255, a: 1 };
  // NOTE: the origin is the text's centre from the frame's, a share of the frame (y down).
  const lineY = style
    ? (timeline.height / 2 - style.margins.vertical - size / 2) / timeline.height
    : 0.4;
  const vert = !style || style.valign === 'bottom' ? lineY : style.valign === 'top' ? -lineY : 0;
  const align = !style || style.halign === 'center' ? '2' : style.halign === 'left' ? '1' : '3';
  const fontStyle = style ? (style.bold ? 2 : 1) + (style.italic ? 2 : 0) : 1;
  return [
    `<generatoritem id="caption-${index + 1}">`,
    '  <name>Text</name>',
    `  <duration>${length}</duration>`,
    `  ${rateXml(timeline)}`,
    `  <in>0</in>`,
    `  <out>${length}</out>`,
    `  <start>${caption.recordIn}</start>`,
    `  <end>${caption.recordOut}</end>`,
    '  <enabled>TRUE</enabled>',
    '  <anamorphic>FALSE</anamorphic>',
    '  <alphatype>black</alphatype>',
    '  <effect>',
    '    <name>Text</name>',
    '    <effectid>Text</effectid>',
    '    <effectcategory>Text</effectcategory>',
    '    <effecttype>generator</effecttype>',
    '    <mediatype>video</mediatype>',
    ...indent(
      [
        parameter('str', 'Text', escapeXml(caption.text)),
        parameter('fontname', 'Font', escapeXml(style?.family ?? 'Helvetica')),
        parameter('fontsize', 'Size', String(size)),
        ...(style ? [parameter('fontstyle', 'Style', String(fontStyle))] : []),
        parameter('fontalign', 'Alignment', align),
        parameter(
          'fontcolor',
          'Font Color',
          `<alpha>${Math.round(colour.a * 255)}</alpha><red>${colour.r}</red><green>${colour.g}</green><blue>${colour.b}</blue>`,
        ),
        parameter('origin', 'Origin', `<horiz>0</horiz><vert>${decimal(vert)}</vert>`),
      ],
      2,
    ),
    '  </effect>',
    '  <sourcetrack><mediatype>video</mediatype></sourcetrack>',
    '</generatoritem>',
  ];
}

/** Lines, each with its line break, as one piece. */
const piece = (lines: readonly string[], spaces: number): string =>
  lines.map((line) => `${' '.repeat(spaces)}${line}\n`).join('');

/**
 * The document in pieces that join into it: one per clip item, so a long timeline is written out
 * without its whole text (or every line of it) held at once.
 */
/**
 * How FCP 7 ends every track: its clip items, then whether it is on and locked. NOTE: importers
 * written against Final Cut's own files (OpenShot's, for one) read both and stop without them.
 */
const TRACK_END = [
  '          <enabled>TRUE</enabled>',
  '          <locked>FALSE</locked>',
  '        </track>',
];

export function* xmemlPieces(timeline: Timeline): Generator<string> {
  const rate = rateXml(timeline);
  yield piece(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE xmeml>',
      '<xmeml version="4">',
      '  <sequence id="sequence-1">',
      `    <name>${escapeXml(timeline.title)}</name>`,
      `    <duration>${timeline.frames}</duration>`,
      `    ${rate}`,
      `    <timecode>${rate}<string>${editorTimecode(0, timeline.rate)}</string><frame>0</frame><displayformat>${displayFormat(timeline)}</displayformat></timecode>`,
    ],
    0,
  );
  for (const c of timeline.captions) {
    const text = escapeXml(c.text);
    yield piece(
      [
        `<marker><name>${text}</name><comment>${text}</comment><in>${c.recordIn}</in><out>${c.recordOut}</out></marker>`,
      ],
      4,
    );
  }
  yield piece(
    [
      '    <media>',
      '      <video>',
      `        <format><samplecharacteristics>${rate}<width>${timeline.width}</width><height>${timeline.height}</height><anamorphic>FALSE</anamorphic><pixelaspectratio>square</pixelaspectratio><fielddominance>none</fielddominance></samplecharacteristics></format>`,
      '        <track>',
    ],
    0,
  );
  for (const [i, cut] of timeline.cuts.entries()) {
    yield piece(clipItemXml(timeline, cut, i, 'video'), 10);
  }
  yield piece(TRACK_END, 0);
  if (timeline.framing?.layout === 'stacked') {
    yield piece(['        <track>'], 0);
    for (const [i, cut] of timeline.cuts.entries()) {
      yield piece(clipItemXml(timeline, cut, i, 'bottom'), 10);
    }
    yield piece(TRACK_END, 0);
  }
  if (timeline.captions.length) {
    yield piece(['        <track>'], 0);
    for (const [i, c] of timeline.captions.entries()) {
      yield piece(captionItemXml(timeline, c, i), 10);
    }
    yield piece(TRACK_END, 0);
  }
  yield piece(
    [
      '      </video>',
      '      <audio>',
      `        <numOutputChannels>${timeline.audioChannels}</numOutputChannels>`,
      `        <format><samplecharacteristics><depth>16</depth><samplerate>${timeline.audioRate}</samplerate></samplecharacteristics></format>`,
      '        <track>',
    ],
    0,
  );
  for (const [i, cut] of timeline.cuts.entries()) {
    yield piece(clipItemXml(timeline, cut, i, 'audio'), 10);
  }
  yield piece([...TRACK_END, '      </audio>', '    </media>', '  </sequence>', '</xmeml>'], 0);
}

export const toXmeml = (timeline: Timeline): string => Array.from(xmemlPieces(timeline)).join('');
