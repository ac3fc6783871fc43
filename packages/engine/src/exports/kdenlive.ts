// A Kdenlive project (.kdenlive): MLT XML in the form Kdenlive 20.08 to 22.12 save (document
// version 1.0, which later releases upgrade as they open it), so it opens as an editable timeline
// rather than as one clip: the source in the project bin, an audio track A1 and a video track V1 of
// the kept spans, each track a tractor of two playlists (Kdenlive's same-track transition lane),
// each cut's picture and sound grouped (AVSplit) so they move together, the track mixing and
// compositing Kdenlive adds itself, and the captions as timeline guides (Kdenlive keeps subtitles
// in a file of their own, into which it imports the SRT export). WARNING: checked by melt's
// playback and the structure of Kdenlive's own files, not yet by opening it in Kdenlive itself.
import { escapeXml } from './export-timeline.ts';
import type { Timeline } from './export-timeline.ts';
import { captionLane, pictureEffects } from './kdenlive-short.ts';
import type { CaptionLane } from './kdenlive-short.ts';
import { property } from './mlt-captions.ts';

/** The bin clip's id: Kdenlive keeps 1 for its root folder and counts clips from 2. */
const BIN_ID = '2';
/** Kdenlive marks the track mixing and compositing it builds itself with this (and rebuilds it). */
const INTERNAL = 237;
/** Kdenlive's guide type 0: the first of its guide colours. */
const GUIDE = 0;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

type TrackKind = 'audio' | 'video';

/**
 * A track: its playlist (the cuts, or the captions), the empty second lane, and the tractor that
 * joins them, with the track's effects.
 */
function track(
  index: number,
  name: string,
  kind: TrackKind,
  content: { entries: string[]; effects: string[] },
  frames: number,
): string[] {
  const [lane, spare] = [`playlist${index * 2}`, `playlist${index * 2 + 1}`];
  const audio = kind === 'audio' ? [`    ${property('kdenlive:audio_track', 1)}`] : [];
  const hide = kind === 'audio' ? 'video' : 'audio';
  return [
    `  <playlist id="${lane}">`,
    ...audio,
    ...content.entries,
    '  </playlist>',
    `  <playlist id="${spare}">`,
    ...audio,
    '  </playlist>',
    `  <tractor id="tractor${index}" in="0" out="${frames - 1}">`,
    ...audio,
    `    ${property('kdenlive:track_name', name)}`,
    `    <track hide="${hide}" producer="${lane}"/>`,
    `    <track hide="${hide}" producer="${spare}"/>`,
    ...content.effects,
    '  </tractor>',
  ];
}

/** The source's cuts, as entries of the bin clip. NOTE: MLT's in and out are both inclusive. */
function cutEntries(timeline: Timeline, effects: string[]): string[] {
  return timeline.cuts.flatMap((cut) => {
    const open = `    <entry producer="producer0" in="${cut.sourceIn}" out="${cut.sourceOut - 1}">`;
    const id = property('kdenlive:id', BIN_ID);
    if (!effects.length) return [`${open}${id}</entry>`];
    return [open, `      ${id}`, ...effects, '    </entry>'];
  });
}

/** The tracks above black, in order: A1, V1, a split's V2, a short's captions. */
function tracksOf(
  timeline: Timeline,
  captions: CaptionLane | null,
): { name: string; kind: TrackKind; xml: string[] }[] {
  const pictures = pictureEffects(timeline);
  const content: { name: string; kind: TrackKind; entries: string[]; effects: string[] }[] = [
    { name: 'A1', kind: 'audio', entries: cutEntries(timeline, []), effects: [] },
    ...pictures.map((effects, i) => ({
      name: `V${i + 1}`,
      kind: 'video' as const,
      entries: cutEntries(timeline, effects.clip),
      effects: effects.track,
    })),
    ...(captions
      ? [{ name: 'Captions', kind: 'video' as const, entries: captions.entries, effects: [] }]
      : []),
  ];
  return content.map((c, i) => ({
    name: c.name,
    kind: c.kind,
    xml: track(i, c.name, c.kind, c, timeline.frames),
  }));
}

/**
 * Kdenlive's groups: one AVSplit group per cut, its sound on A1 and its picture on V1, each clip
 * named by "track:position", the track counted without the black one (A1 is 0, V1 is 1).
 */
const groups = (timeline: Timeline): string =>
  JSON.stringify(
    timeline.cuts.map((cut) => ({
      type: 'AVSplit',
      children: [0, 1].map((t) => ({ type: 'Leaf', leaf: 'clip', data: `${t}:${cut.recordIn}` })),
    })),
  );

const guides = (timeline: Timeline): string =>
  JSON.stringify(timeline.captions.map((c) => ({ pos: c.recordIn, comment: c.text, type: GUIDE })));

export function toKdenlive(timeline: Timeline): string {
  const { rate, width, height } = timeline;
  const aspect = gcd(width, height) || 1;
  // NOTE: as in the MLT project, the colour space is the source picture's.
  const colorspace = timeline.source.height < 720 ? 601 : 709;
  const last = timeline.frames - 1;
  const sourceLast = timeline.sourceFrames - 1;
  // NOTE: a short's captions are a track of text clips (the long form's stay guides only).
  const captions = timeline.framing ? captionLane(timeline) : null;
  const tracks = tracksOf(timeline, captions);
  const transition = (id: number, a: number, b: number, service: string, extra: string[]) => [
    `    <transition id="transition${id}">`,
    `      ${property('a_track', a)}`,
    `      ${property('b_track', b)}`,
    `      ${property('mlt_service', service)}`,
    `      ${property('kdenlive_id', service)}`,
    `      ${property('internal_added', INTERNAL)}`,
    `      ${property('always_active', 1)}`,
    ...extra.map((line) => `      ${line}`),
    '    </transition>',
  ];
  // NOTE: Kdenlive's own compositing: each video track blended onto the tracks below (qtblend,
  // which keeps a split's empty half and a caption's transparent clip see-through). WARNING:
  // MLT's Qt module (qtblend) loads only where a display is set: Kdenlive always has one, melt
  // on a server gets one from runMelt (media/melt-qt.ts).
  const compositing = tracks.slice(1).flatMap((_, i) => transition(1 + i, 0, 2 + i, 'qtblend', []));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<mlt LC_NUMERIC="C" version="7.12.0" title="${escapeXml(timeline.title)}" producer="main_bin">`,
    `  <profile description="${width}x${height} ${rate.num}/${rate.den}" width="${width}" height="${height}" progressive="1" sample_aspect_num="1" sample_aspect_den="1" display_aspect_num="${width / aspect}" display_aspect_den="${height / aspect}" frame_rate_num="${rate.num}" frame_rate_den="${rate.den}" colorspace="${colorspace}"/>`,
    `  <producer id="producer0" in="0" out="${sourceLast}">`,
    `    ${property('length', timeline.sourceFrames)}`,
    `    ${property('eof', 'pause')}`,
    `    ${property('resource', timeline.media.path)}`,
    `    ${property('mlt_service', 'avformat-novalidate')}`,
    `    ${property('seekable', 1)}`,
    `    ${property('kdenlive:clipname', timeline.fileName)}`,
    `    ${property('kdenlive:folderid', -1)}`,
    `    ${property('kdenlive:id', BIN_ID)}`,
    '  </producer>',
    ...(captions?.producer ?? []),
    // WARNING: the bin must be the document's first playlist: Kdenlive reads the document's
    // properties (its version first) from the first one.
    '  <playlist id="main_bin">',
    `    ${property('kdenlive:docproperties.version', '1')}`,
    `    ${property('kdenlive:docproperties.decimalPoint', '.')}`,
    `    ${property('kdenlive:docproperties.guides', guides(timeline))}`,
    `    ${property('kdenlive:docproperties.groups', groups(timeline))}`,
    `    ${property('xml_retain', 1)}`,
    `    <entry producer="producer0" in="0" out="${sourceLast}"/>`,
    ...(captions ? [`    <entry producer="captions" in="0" out="${captions.last}"/>`] : []),
    '  </playlist>',
    `  <producer id="black_track" in="0" out="${last}">`,
    `    ${property('length', timeline.frames)}`,
    `    ${property('eof', 'continue')}`,
    `    ${property('resource', 'black')}`,
    `    ${property('aspect_ratio', 1)}`,
    `    ${property('mlt_service', 'color')}`,
    `    ${property('mlt_image_format', 'rgba')}`,
    `    ${property('set.test_audio', 0)}`,
    '  </producer>',
    ...tracks.flatMap((t) => t.xml),
    `  <tractor id="maintractor" title="${escapeXml(timeline.title)}" in="0" out="${last}">`,
    '    <track producer="black_track"/>',
    ...tracks.map((_, i) => `    <track producer="tractor${i}"/>`),
    ...transition(0, 0, 1, 'mix', [property('accepts_blanks', 1), property('sum', 1)]),
    ...compositing,
    '  </tractor>',
    '</mlt>',
    '',
  ].join('\n');
}
