// Final Cut Pro 7 XML (xmeml version 4), the form Premiere Pro imports (and Resolve reads): a
// video track and an audio track of clip items cut from the one source file, each picture linked
// to its sound, and the captions as a second video track of Text generators (xmeml has no caption
// track; Premiere and Resolve import a Text generator's words), each also a sequence marker.
import { cutLength, escapeXml, fileUrl } from './export-timeline.ts';
import type { Timeline, TimelineCaption, TimelineCut } from './export-timeline.ts';
import { editorTimecode, isDropFrame, isNtsc, timebase } from './frame-time.ts';

const bool = (value: boolean) => (value ? 'TRUE' : 'FALSE');

const displayFormat = (timeline: Timeline) => (isDropFrame(timeline.rate) ? 'DF' : 'NDF');

function rateXml(timeline: Timeline): string {
  return `<rate><timebase>${timebase(timeline.rate)}</timebase><ntsc>${bool(isNtsc(timeline.rate))}</ntsc></rate>`;
}

function fileXml(timeline: Timeline, first: boolean): string[] {
  if (!first) return ['<file id="file-1"/>'];
  const name = escapeXml(timeline.fileName);
  return [
    '<file id="file-1">',
    `  <name>${name}</name>`,
    `  <pathurl>${escapeXml(fileUrl(timeline.fileName))}</pathurl>`,
    `  ${rateXml(timeline)}`,
    `  <duration>${timeline.sourceFrames}</duration>`,
    `  <timecode>${rateXml(timeline)}<string>${editorTimecode(0, timeline.rate)}</string><frame>0</frame><displayformat>${displayFormat(timeline)}</displayformat></timecode>`,
    '  <media>',
    `    <video><samplecharacteristics>${rateXml(timeline)}<width>${timeline.width}</width><height>${timeline.height}</height><anamorphic>FALSE</anamorphic><pixelaspectratio>square</pixelaspectratio><fielddominance>none</fielddominance></samplecharacteristics></video>`,
    `    <audio><samplecharacteristics><depth>16</depth><samplerate>${timeline.audioRate}</samplerate></samplecharacteristics><channelcount>${timeline.audioChannels}</channelcount></audio>`,
    '  </media>',
    '</file>',
  ];
}

const linkXml = (kind: 'video' | 'audio', index: number): string =>
  `<link><linkclipref>clipitem-${kind === 'video' ? 'v' : 'a'}${index + 1}</linkclipref><mediatype>${kind}</mediatype><trackindex>1</trackindex><clipindex>${index + 1}</clipindex>${kind === 'audio' ? '<groupindex>1</groupindex>' : ''}</link>`;

function clipItemXml(
  timeline: Timeline,
  cut: TimelineCut,
  index: number,
  kind: 'video' | 'audio',
): string[] {
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
    linkXml('video', index),
    linkXml('audio', index),
  ];
  return [
    `<clipitem id="clipitem-${kind === 'video' ? 'v' : 'a'}${index + 1}">`,
    ...body.map((line) => `  ${line}`),
    '</clipitem>',
  ];
}

const indent = (lines: readonly string[], spaces: number): string[] =>
  lines.map((line) => `${' '.repeat(spaces)}${line}`);

/** FCP 7's Text generator: its words, centred in the lower part of the frame. */
function captionItemXml(timeline: Timeline, caption: TimelineCaption, index: number): string[] {
  const length = caption.recordOut - caption.recordIn;
  const size = Math.max(12, Math.round(Math.min(timeline.width, timeline.height) * 0.055));
  const parameter = (id: string, name: string, value: string) =>
    `  <parameter><parameterid>${id}</parameterid><name>${name}</name><value>${value}</value></parameter>`;
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
        parameter('fontname', 'Font', 'Helvetica'),
        parameter('fontsize', 'Size', String(size)),
        parameter('fontalign', 'Alignment', '2'),
        parameter(
          'fontcolor',
          'Font Color',
          '<alpha>255</alpha><red>255</red><green>255</green><blue>255</blue>',
        ),
        parameter('origin', 'Origin', '<horiz>0</horiz><vert>0.4</vert>'),
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
  yield piece(['        </track>'], 0);
  if (timeline.captions.length) {
    yield piece(['        <track>'], 0);
    for (const [i, c] of timeline.captions.entries()) {
      yield piece(captionItemXml(timeline, c, i), 10);
    }
    yield piece(['        </track>'], 0);
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
  yield piece(
    ['        </track>', '      </audio>', '    </media>', '  </sequence>', '</xmeml>'],
    0,
  );
}

export const toXmeml = (timeline: Timeline): string => Array.from(xmemlPieces(timeline)).join('');
