// FCPXML 1.9 for Final Cut Pro (10.4.9 and later) and DaVinci Resolve: one asset-clip per kept
// span on the spine (its picture and sound stay one linked clip) and the captions as FCP captions
// connected above the clips they start over.
import { cutLength, escapeXml, fileUrl } from './export-timeline.ts';
import type { Timeline, TimelineCaption, TimelineCut } from './export-timeline.ts';
import { fcpxTime, isDropFrame } from './frame-time.ts';

const CAPTION_ROLE = 'iTT?captionFormat=ITT.en';

/** The cut the caption starts over: a connected caption hangs from one spine clip. */
const parentCut = (cuts: readonly TimelineCut[], caption: TimelineCaption): TimelineCut =>
  cuts.findLast((c) => c.recordIn <= caption.recordIn) ?? cuts[0]!;

function captionXml(timeline: Timeline, cut: TimelineCut, caption: TimelineCaption, n: number) {
  const t = (frames: number) => fcpxTime(frames, timeline.rate);
  const text = escapeXml(caption.text);
  // NOTE: a connected clip's offset is in its parent's own (source) time.
  const offset = cut.sourceIn + caption.recordIn - cut.recordIn;
  return [
    `            <caption lane="1" offset="${t(offset)}" duration="${t(caption.recordOut - caption.recordIn)}" name="${text}" role="${CAPTION_ROLE}">`,
    `              <text placement="bottom"><text-style ref="ts${n}">${text}</text-style></text>`,
    `              <text-style-def id="ts${n}"><text-style font=".SF NS Text" fontSize="13" fontFace="Regular" fontColor="1 1 1 1" backgroundColor="0 0 0 1"/></text-style-def>`,
    '            </caption>',
  ];
}

export function toFcpxml(timeline: Timeline): string {
  const { rate } = timeline;
  const t = (frames: number) => fcpxTime(frames, rate);
  const name = escapeXml(timeline.title);
  const tcFormat = isDropFrame(rate) ? 'DF' : 'NDF';
  const fileName = escapeXml(timeline.fileName);
  const byCut = new Map<TimelineCut, TimelineCaption[]>();
  for (const caption of timeline.captions) {
    const cut = parentCut(timeline.cuts, caption);
    byCut.set(cut, [...(byCut.get(cut) ?? []), caption]);
  }
  let captionNumber = 0;
  const clips = timeline.cuts.flatMap((cut) => {
    const open = `          <asset-clip ref="r2" name="${fileName}" offset="${t(cut.recordIn)}" start="${t(cut.sourceIn)}" duration="${t(cutLength(cut))}" format="r1" tcFormat="${tcFormat}" audioRole="dialogue">`;
    const captions = (byCut.get(cut) ?? []).flatMap((c) =>
      captionXml(timeline, cut, c, ++captionNumber),
    );
    return [open, ...captions, '          </asset-clip>'];
  });
  const layout = timeline.audioChannels === 1 ? 'mono' : 'stereo';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.9">',
    '  <resources>',
    `    <format id="r1" frameDuration="${t(1)}" width="${timeline.width}" height="${timeline.height}"/>`,
    `    <asset id="r2" name="${fileName}" start="0s" duration="${t(timeline.sourceFrames)}" hasVideo="1" format="r1" hasAudio="1" audioSources="1" audioChannels="${timeline.audioChannels}" audioRate="${timeline.audioRate}">`,
    `      <media-rep kind="original-media" src="${escapeXml(fileUrl(timeline.fileName))}"/>`,
    '    </asset>',
    '  </resources>',
    '  <library>',
    `    <event name="${name}">`,
    `      <project name="${name}">`,
    `        <sequence format="r1" duration="${t(timeline.frames)}" tcStart="0s" tcFormat="${tcFormat}" audioLayout="${layout}" audioRate="${timeline.audioRate >= 96_000 ? '96k' : '48k'}">`,
    '          <spine>',
    ...clips.map((line) => `  ${line}`),
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}
