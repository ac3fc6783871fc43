// FCPXML 1.9 for Final Cut Pro (10.4.9 and later) and DaVinci Resolve: one asset-clip per kept
// span on the spine (its picture and sound stay one linked clip) and the captions as FCP captions
// connected above the clips they start over. A short is at its render's size with its framing and
// caption style (fcpxml-short.ts).
import { clipAdjustments, splitBottomXml, styledCaptionXml } from './fcpxml-short.ts';
import { cutLength, escapeXml } from './export-timeline.ts';
import type { Timeline, TimelineCaption, TimelineCut } from './export-timeline.ts';
import { fcpxTime, isDropFrame } from './frame-time.ts';

const CAPTION_ROLE = 'iTT?captionFormat=ITT.en';

/**
 * The cut the caption starts over: a connected caption hangs from one spine clip. NOTE: the cuts
 * are in record order, so a binary search finds it (a scan per caption was 7,200 x 20,000 steps
 * for a 4-hour edit, issue 35).
 */
function parentCut(cuts: readonly TimelineCut[], caption: TimelineCaption): TimelineCut {
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cuts[mid]!.recordIn <= caption.recordIn) lo = mid + 1;
    else hi = mid;
  }
  return cuts[lo - 1] ?? cuts[0]!;
}

function captionXml(timeline: Timeline, cut: TimelineCut, caption: TimelineCaption, n: number) {
  const t = (frames: number) => fcpxTime(frames, timeline.rate);
  const text = escapeXml(caption.text);
  // NOTE: a connected clip's offset is in its parent's own (source) time, from the asset's start.
  const offset = timeline.sourceStart + cut.sourceIn + caption.recordIn - cut.recordIn;
  // NOTE: a split's bottom picture is on lane 1; its captions go above it.
  const lane = timeline.framing?.layout === 'stacked' ? 2 : 1;
  const open = `            <caption lane="${lane}" offset="${t(offset)}" duration="${t(caption.recordOut - caption.recordIn)}" name="${text}" role="${CAPTION_ROLE}">`;
  if (timeline.captionStyle) return styledCaptionXml(timeline.captionStyle, caption, n, open);
  return [
    open,
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
    const held = byCut.get(cut);
    if (held) held.push(caption);
    else byCut.set(cut, [caption]);
  }
  let captionNumber = 0;
  // NOTE: a short's project is at the render's size; its clips keep the source's own format.
  const assetFormat = timeline.framing ? 'r3' : 'r1';
  const clips = timeline.cuts.flatMap((cut) => {
    const open = `          <asset-clip ref="r2" name="${fileName}" offset="${t(cut.recordIn)}" start="${t(timeline.sourceStart + cut.sourceIn)}" duration="${t(cutLength(cut))}" format="${assetFormat}" tcFormat="${tcFormat}" audioRole="dialogue">`;
    const captions = (byCut.get(cut) ?? []).flatMap((c) =>
      captionXml(timeline, cut, c, ++captionNumber),
    );
    const picture = [...clipAdjustments(timeline, cut, t), ...splitBottomXml(timeline, cut, t)];
    return [
      open,
      ...picture.map((line) => `            ${line}`),
      ...captions,
      '          </asset-clip>',
    ];
  });
  const layout = timeline.audioChannels === 1 ? 'mono' : 'stereo';
  const sourceFormat = `    <format id="r3" frameDuration="${t(1)}" width="${timeline.source.width}" height="${timeline.source.height}"/>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.9">',
    '  <resources>',
    `    <format id="r1" frameDuration="${t(1)}" width="${timeline.width}" height="${timeline.height}"/>`,
    ...(timeline.framing ? [sourceFormat] : []),
    // NOTE: the asset starts at the source's own timecode (0 without one), as FCP reads a file.
    `    <asset id="r2" name="${fileName}" start="${t(timeline.sourceStart)}" duration="${t(timeline.sourceFrames)}" hasVideo="1" format="${assetFormat}" hasAudio="1" audioSources="1" audioChannels="${timeline.audioChannels}" audioRate="${timeline.audioRate}">`,
    `      <media-rep kind="original-media" src="${escapeXml(timeline.media.url)}"/>`,
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
