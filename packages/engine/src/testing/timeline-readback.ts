// Reads each editor export back with a real parser (XML with fast-xml-parser, OTIO as JSON, the
// EDL line by line) into frames, so tests compare what an editor would load with what was meant.
// Every time must land on a whole frame of the file's own rate; one that does not throws.
import type { TIMELINE_FORMATS } from '@roughcut/shared';
import { parseTimecode } from '../exports/frame-time.ts';
import type { Rate } from '../exports/frame-time.ts';
import { readKdenlive, readMlt } from './mlt-readback.ts';
import { list, node, parseXml, text, wholeFrames } from './readback-common.ts';
import type { Node, ReadCut, ReadTimeline } from './readback-common.ts';

export type { ReadCut, ReadTimeline } from './readback-common.ts';
export { readKdenlive, readMlt } from './mlt-readback.ts';

/** "1001/30000s" or "4s" as [numerator, denominator]. */
function rational(time: string): [number, number] {
  const match = /^(-?\d+)(?:\/(\d+))?s$/.exec(time);
  if (!match) throw new Error(`not an FCPXML time: ${time}`);
  return [Number(match[1]), Number(match[2] ?? 1)];
}

export function readFcpxml(xml: string): ReadTimeline {
  const root = node(parseXml(xml, { keepSpaces: true }).fcpxml);
  const resources = node(root.resources);
  const sequence = node(node(node(node(root.library).event).project).sequence);
  // NOTE: a short's project has its own format (the render's size) beside its source's.
  const formats = [resources.format].flat().map(node);
  const format = formats.find((f) => f['@id'] === sequence['@format']) ?? formats[0]!;
  const [fdNum, fdDen] = rational(String(format['@frameDuration']));
  const rate = { num: fdDen, den: fdNum };
  const frames = (time: string, what: string) => {
    const [num, den] = rational(time);
    return wholeFrames((num * rate.num) / (den * rate.den), what);
  };
  const asset = node(resources.asset);
  const mediaRep = node(asset['media-rep']);
  // NOTE: a clip's start is in its asset's time, which starts at the source's timecode.
  const sourceStart = frames(String(asset['@start']), 'asset start');
  const clips = list(node(sequence.spine)['asset-clip']);
  const cuts = clips.map((clip, i) => {
    const sourceIn = frames(String(clip['@start']), `clip ${i} start`) - sourceStart;
    if (sourceIn < 0) throw new Error(`clip ${i} starts before its asset`);
    return {
      sourceIn,
      sourceOut: sourceIn + frames(String(clip['@duration']), `clip ${i} duration`),
      recordIn: frames(String(clip['@offset']), `clip ${i} offset`),
    };
  });
  const captions = clips.flatMap((clip, i) =>
    list(clip.caption).map((caption) => {
      const cut = cuts[i]!;
      const offset = frames(String(caption['@offset']), 'caption') - sourceStart;
      const recordIn = offset - cut.sourceIn + cut.recordIn;
      return {
        recordIn,
        recordOut: recordIn + frames(String(caption['@duration']), 'caption'),
        // NOTE: a short's line may be several text styles (its lit word in its own).
        text: [node(caption.text)['text-style']].flat().map(text).join(''),
      };
    }),
  );
  const media = clips.map((c) => (c['@ref'] === asset['@id'] ? String(mediaRep['@src']) : '?'));
  return { rate, video: cuts, audio: cuts, captions, media, sourceStart };
}

export function readXmeml(xml: string): ReadTimeline {
  const sequence = node(node(parseXml(xml).xmeml).sequence);
  const seqRate = node(sequence.rate);
  const base = Number(text(seqRate.timebase));
  const rate =
    text(seqRate.ntsc) === 'TRUE' ? { num: base * 1000, den: 1001 } : { num: base, den: 1 };
  const media = node(sequence.media);
  // NOTE: the cut is the first track's; a split short's second picture track repeats its cuts.
  const items = (kind: 'video' | 'audio') => list(list(node(media[kind]).track)[0]?.clipitem);
  const cutOf = (item: Node): ReadCut => ({
    sourceIn: Number(text(item.in)),
    sourceOut: Number(text(item.out)),
    recordIn: Number(text(item.start)),
  });
  const video = items('video');
  const audio = items('audio');
  // Each picture is linked to the sound item of the same cut, and the other way round.
  video.forEach((v, i) => {
    const refs = list(v.link).map((l) => text(l.linkclipref));
    if (!refs.includes(String(audio[i]?.['@id']))) throw new Error(`clip ${i} has no linked sound`);
  });
  const file = node(video[0]?.file);
  const fileName = text(file.name);
  // The file's timecode: its frame and its label agree (clip items count from it).
  const timecode = node(file.timecode);
  const sourceStart = Number(text(timecode.frame) || 0);
  if (text(timecode.string) && parseTimecode(text(timecode.string), rate) !== sourceStart) {
    throw new Error(`the file's timecode ${text(timecode.string)} is not frame ${sourceStart}`);
  }
  return {
    rate,
    sourceStart,
    video: video.map(cutOf),
    audio: audio.map(cutOf),
    captions: readXmemlCaptions(sequence, media),
    media: video.map(() => fileName),
  };
}

/** The Text generators' words and times, which the sequence's markers must repeat. */
function readXmemlCaptions(sequence: Node, media: Node): ReadTimeline['captions'] {
  const generators = list(node(media.video).track).flatMap((track) => list(track.generatoritem));
  const captions = generators.map((item) => {
    const effect = node(item.effect);
    if (text(effect.effectid) !== 'Text' || text(effect.effecttype) !== 'generator') {
      throw new Error(`generator ${String(item['@id'])} is not FCP's Text`);
    }
    const words = list(effect.parameter).find((p) => text(p.parameterid) === 'str');
    return {
      recordIn: Number(text(item.start)),
      recordOut: Number(text(item.end)),
      text: text(words?.value),
    };
  });
  const markers = list(sequence.marker).map((m) => ({
    recordIn: Number(text(m.in)),
    recordOut: Number(text(m.out)),
    text: text(m.name),
  }));
  if (JSON.stringify(markers) !== JSON.stringify(captions)) {
    throw new Error('the caption markers do not repeat the Text generators');
  }
  return captions;
}

type OtioTime = { rate: number; value: number };
type OtioRange = { start_time: OtioTime; duration: OtioTime };
type OtioReference = { target_url: string; available_range?: OtioRange | null };
type OtioClip = {
  OTIO_SCHEMA: string;
  source_range: OtioRange;
  /** Clip.1 (what the export writes, OTIO 0.14's form). */
  media_reference?: OtioReference;
  /** Clip.2 (OTIO 0.15 and later). */
  media_references?: Record<string, OtioReference>;
  active_media_reference_key?: string;
};
type OtioTrack = { kind: string; children: OtioClip[] };

export function readOtio(json: string): ReadTimeline {
  const doc = JSON.parse(json) as {
    OTIO_SCHEMA: string;
    tracks: { children: OtioTrack[]; markers: { name: string; marked_range: OtioRange }[] };
  };
  if (doc.OTIO_SCHEMA !== 'Timeline.1') throw new Error(`not an OTIO timeline: ${doc.OTIO_SCHEMA}`);
  const fps = doc.tracks.children[0]?.children[0]?.source_range.start_time.rate ?? 0;
  const rate =
    Math.abs(fps * 1001 - Math.round(fps * 1.001) * 1000) < 1e-6
      ? { num: Math.round(fps * 1.001) * 1000, den: 1001 }
      : { num: Math.round(fps), den: 1 };
  const reference = (c: OtioClip): OtioReference | undefined =>
    c.media_reference ?? c.media_references?.[c.active_media_reference_key ?? ''];
  /** A clip's source range is in its media's time, which starts where its available range does. */
  const mediaStart = (c: OtioClip): number => reference(c)?.available_range?.start_time.value ?? 0;
  const cuts = (kind: string) => {
    let recordIn = 0;
    return doc.tracks.children
      .filter((t) => t.kind === kind)
      .flatMap((t) => t.children)
      .map((clip, i) => {
        const { start_time: start, duration } = clip.source_range;
        const sourceIn = wholeFrames(start.value - mediaStart(clip), `clip ${i} start`);
        const length = wholeFrames(duration.value, `clip ${i} duration`);
        const cut = { sourceIn, sourceOut: sourceIn + length, recordIn };
        recordIn += length;
        return cut;
      });
  };
  const video = doc.tracks.children.find((t) => t.kind === 'Video')?.children ?? [];
  return {
    rate,
    ...(video[0] ? { sourceStart: wholeFrames(mediaStart(video[0]), 'media start') } : {}),
    video: cuts('Video'),
    audio: cuts('Audio'),
    captions: doc.tracks.markers.map((m) => ({
      recordIn: m.marked_range.start_time.value,
      recordOut: m.marked_range.start_time.value + m.marked_range.duration.value,
      text: m.name,
    })),
    media: video.map((c) => reference(c)?.target_url ?? '?'),
  };
}

/** The EDL's events, line by line; `rate` is the source's (an EDL does not say it). */
export function readEdl(edl: string, rate: Rate): ReadTimeline {
  const lines = edl.split('\n');
  if (!/^TITLE: /.test(lines[0] ?? '')) throw new Error('the EDL has no TITLE line');
  const fcm = /^FCM: (DROP|NON-DROP) FRAME$/.exec(lines[1] ?? '')?.[1];
  if (!fcm) throw new Error('the EDL has no FCM line');
  const cuts: ReadCut[] = [];
  const media: string[] = [];
  // NOTE: every timecode is spelled as the FCM line says: ';' before drop-frame frames.
  const tc = `(\\d{2}:\\d{2}:\\d{2}${fcm === 'DROP' ? ';' : ':'}\\d{2})`;
  const event = new RegExp(
    String.raw`^(\d{3,})  (\S+)\s+(AA/V|B|V)\s+C\s+${tc} ${tc} ${tc} ${tc}$`,
  );
  for (const line of lines.slice(2)) {
    if (!line.trim()) continue;
    const clipName = /^\* FROM CLIP NAME: (.*)$/.exec(line);
    if (clipName) {
      media[cuts.length - 1] = clipName[1]!;
      continue;
    }
    const match = event.exec(line);
    if (!match) throw new Error(`not an EDL event line: ${line}`);
    if (Number(match[1]) !== cuts.length + 1) throw new Error(`event ${match[1]} is out of order`);
    const [srcIn, srcOut, recIn, recOut] = match.slice(4).map((t) => parseTimecode(t, rate));
    if (srcOut! - srcIn! !== recOut! - recIn!) throw new Error(`event ${match[1]} changes speed`);
    cuts.push({ sourceIn: srcIn!, sourceOut: srcOut!, recordIn: recIn! });
  }
  return { rate, video: cuts, audio: cuts, captions: [], media };
}

/** The timeline's length in frames: where its last cut ends. */
export const readLength = (cuts: readonly ReadCut[]): number =>
  cuts.reduce((end, c) => Math.max(end, c.recordIn + c.sourceOut - c.sourceIn), 0);

/** Reads one timeline export back by its format; an EDL has no rate of its own, so it takes `rate`. */
export function readTimeline(
  format: (typeof TIMELINE_FORMATS)[number],
  text: string,
  rate: Rate,
): ReadTimeline {
  switch (format) {
    case 'fcpxml':
      return readFcpxml(text);
    case 'xmeml':
      return readXmeml(text);
    case 'otio':
      return readOtio(text);
    case 'edl':
      return readEdl(text, rate);
    case 'mlt':
      return readMlt(text);
    case 'kdenlive':
      return readKdenlive(text);
  }
}
