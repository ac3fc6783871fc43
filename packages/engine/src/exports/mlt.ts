// An MLT XML project as Shotcut saves one (Kdenlive and melt read MLT XML too): a profile at the
// source's size and rational rate, the source as one avformat producer, and a video track playing
// the kept spans in order, picture and sound from the same entry so they stay linked, and a
// Captions track above it of text clips on the cut timeline. The resource is the bare file name,
// which MLT resolves beside the project file, or the video's absolute path when the user said
// which folder it is in. A short's project is at its render's size with its framing and caption
// style (mlt-framing.ts, mlt-captions.ts).
import { escapeXml } from './export-timeline.ts';
import type { Timeline } from './export-timeline.ts';
import { captionTrack, property, trackBlend } from './mlt-captions.ts';
import { pictureTracks } from './mlt-framing.ts';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function toMlt(timeline: Timeline): string {
  const { rate, width, height } = timeline;
  const aspect = gcd(width, height) || 1;
  // NOTE: MLT takes an untagged picture under 720 lines for BT.601 and others for BT.709; a profile
  // that says the same keeps it from converting the colours of every frame.
  const colorspace = timeline.source.height < 720 ? 601 : 709;
  const last = timeline.frames - 1;
  const sourceLast = timeline.sourceFrames - 1;
  // NOTE: MLT's in and out are both inclusive frame numbers.
  const entries = timeline.cuts.map(
    (cut) => `    <entry producer="producer0" in="${cut.sourceIn}" out="${cut.sourceOut - 1}"/>`,
  );
  const picture = pictureTracks(timeline, entries);
  const captions = captionTrack(timeline, 'playlist1', 1 + picture.tracks.length);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<mlt LC_NUMERIC="C" version="7.12.0" title="${escapeXml(timeline.title)}" producer="main_bin">`,
    `  <profile description="${width}x${height} ${rate.num}/${rate.den}" width="${width}" height="${height}" progressive="1" sample_aspect_num="1" sample_aspect_den="1" display_aspect_num="${width / aspect}" display_aspect_den="${height / aspect}" frame_rate_num="${rate.num}" frame_rate_den="${rate.den}" colorspace="${colorspace}"/>`,
    '  <playlist id="main_bin">',
    `    ${property('xml_retain', 1)}`,
    '  </playlist>',
    `  <producer id="black" in="0" out="${last}">`,
    `    ${property('length', timeline.frames)}`,
    `    ${property('eof', 'pause')}`,
    `    ${property('resource', '0')}`,
    `    ${property('aspect_ratio', 1)}`,
    `    ${property('mlt_service', 'color')}`,
    `    ${property('mlt_image_format', 'rgba')}`,
    `    ${property('set.test_audio', 0)}`,
    '  </producer>',
    '  <playlist id="background">',
    `    <entry producer="black" in="0" out="${last}"/>`,
    '  </playlist>',
    `  <producer id="producer0" in="0" out="${sourceLast}">`,
    `    ${property('length', timeline.sourceFrames)}`,
    `    ${property('eof', 'pause')}`,
    `    ${property('resource', timeline.media.path)}`,
    `    ${property('mlt_service', 'avformat-novalidate')}`,
    `    ${property('seekable', 1)}`,
    `    ${property('shotcut:caption', timeline.fileName)}`,
    '  </producer>',
    ...picture.xml,
    ...captions.xml,
    `  <tractor id="tractor0" title="${escapeXml(timeline.title)}" in="0" out="${last}">`,
    `    ${property('shotcut', 1)}`,
    '    <track producer="background"/>',
    ...picture.tracks,
    ...(captions.xml.length ? ['    <track producer="playlist1"/>'] : []),
    '    <transition id="transition0">',
    `      ${property('a_track', 0)}`,
    `      ${property('b_track', 1)}`,
    `      ${property('mlt_service', 'mix')}`,
    `      ${property('always_active', 1)}`,
    `      ${property('sum', 1)}`,
    '    </transition>',
    ...trackBlend('transition1', 1),
    ...picture.transitions,
    ...captions.tractor,
    '  </tractor>',
    '</mlt>',
    '',
  ].join('\n');
}
