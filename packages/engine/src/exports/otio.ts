// OpenTimelineIO (.otio JSON): a video track and an audio track of clips cut from the one external
// file, at the same ranges so picture and sound stay together, and the captions as markers on the
// timeline's stack (OTIO has no caption track). Written in OTIO_CORE 0.14.0's schema versions
// (Clip.1 with one media_reference, Marker.2, the rest .1): every release from 0.14 on reads them,
// and 0.15 and later upgrade Clip.1 to their Clip.2 as they read it (decision 0008). A short's
// framing and caption style are metadata only.
import { cutLength } from './export-timeline.ts';
import type { Timeline } from './export-timeline.ts';
import { rateFps } from './frame-time.ts';

type Json = Record<string, unknown>;

/** A hole in a JSON skeleton: where a long array goes (see jsonPieces). */
const hole = (name: string): string => `\u0001${name}\u0001`;

/**
 * `JSON.stringify(value, null, 2)` plus a line break, in pieces: each hole in `value` is an array
 * written item by item, each item made as it is written, so a long timeline's document is never
 * held whole. NOTE: no timeline text can spell a hole: export-timeline.ts drops U+0001.
 */
function* jsonPieces(
  value: unknown,
  holes: Record<string, { count: number; item: (i: number) => unknown }>,
): Generator<string> {
  let rest = JSON.stringify(value, null, 2);
  for (;;) {
    const next = Object.entries(holes)
      .map(([name, items]) => ({ token: JSON.stringify(hole(name)), items }))
      .map((h) => ({ ...h, at: rest.indexOf(h.token) }))
      .filter((h) => h.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    const lineStart = rest.lastIndexOf('\n', next.at) + 1;
    const pad = /^ */.exec(rest.slice(lineStart))?.[0] ?? '';
    yield rest.slice(0, next.at);
    rest = rest.slice(next.at + next.token.length);
    const { count, item } = next.items;
    if (count === 0) {
      yield '[]';
      continue;
    }
    yield '[\n';
    for (let i = 0; i < count; i++) {
      const text = JSON.stringify(item(i), null, 2).replace(/\n/g, `\n${pad}  `);
      yield `${pad}  ${text}${i < count - 1 ? ',' : ''}\n`;
    }
    yield `${pad}]`;
  }
  yield `${rest}\n`;
}

/** The document in pieces that join into it (see jsonPieces). */
export function otioPieces(timeline: Timeline): Generator<string> {
  const rate = rateFps(timeline.rate);
  const time = (value: number): Json => ({ OTIO_SCHEMA: 'RationalTime.1', rate, value });
  const range = (start: number, duration: number): Json => ({
    OTIO_SCHEMA: 'TimeRange.1',
    start_time: time(start),
    duration: time(duration),
  });
  const clip = (i: number) => {
    const cut = timeline.cuts[i]!;
    return {
      OTIO_SCHEMA: 'Clip.1',
      metadata: { roughcut: { cut: i + 1 } },
      name: timeline.fileName,
      source_range: range(timeline.sourceStart + cut.sourceIn, cutLength(cut)),
      effects: [],
      markers: [],
      enabled: true,
      media_reference: {
        OTIO_SCHEMA: 'ExternalReference.1',
        metadata: {},
        name: timeline.fileName,
        // NOTE: a clip's ranges are in its media's own time, which starts at its timecode.
        available_range: range(timeline.sourceStart, timeline.sourceFrames),
        available_image_bounds: null,
        target_url: timeline.media.url,
      },
    };
  };
  const marker = (i: number) => {
    const c = timeline.captions[i]!;
    return {
      OTIO_SCHEMA: 'Marker.2',
      metadata: { roughcut: { caption: true } },
      name: c.text,
      color: 'PURPLE',
      marked_range: range(c.recordIn, c.recordOut - c.recordIn),
      comment: c.text,
    };
  };
  const track = (kind: 'Video' | 'Audio') => ({
    OTIO_SCHEMA: 'Track.1',
    metadata: {},
    name: kind === 'Video' ? 'V1' : 'A1',
    source_range: null,
    effects: [],
    markers: [],
    enabled: true,
    children: hole(kind),
    kind,
  });
  // NOTE: OTIO has no frame size, transform or text schema: a short's size, framing and caption
  // style ride along as metadata, for scripts (no editor's importer reads them).
  const short = timeline.framing
    ? {
        short: {
          width: timeline.width,
          height: timeline.height,
          framing: timeline.framing,
          ...(timeline.captionStyle ? { caption_style: timeline.captionStyle } : {}),
        },
      }
    : {};
  const document = {
    OTIO_SCHEMA: 'Timeline.1',
    metadata: { roughcut: { source: timeline.fileName, ...short } },
    name: timeline.title,
    global_start_time: time(0),
    tracks: {
      OTIO_SCHEMA: 'Stack.1',
      metadata: {},
      name: 'tracks',
      source_range: null,
      effects: [],
      markers: hole('markers'),
      enabled: true,
      children: [track('Video'), track('Audio')],
    },
  };
  const clips = { count: timeline.cuts.length, item: clip };
  return jsonPieces(document, {
    markers: { count: timeline.captions.length, item: marker },
    Video: clips,
    Audio: clips,
  });
}

export const toOtio = (timeline: Timeline): string => Array.from(otioPieces(timeline)).join('');
