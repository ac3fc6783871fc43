// OpenTimelineIO (.otio JSON, current schemas): a video track and an audio track of clips cut from
// the one external file, at the same ranges so picture and sound stay together, and the captions
// as markers on the timeline's stack (OTIO has no caption track).
import { cutLength, fileUrl } from './export-timeline.ts';
import type { Timeline } from './export-timeline.ts';
import { rateFps } from './frame-time.ts';

type Json = Record<string, unknown>;

export function toOtio(timeline: Timeline): string {
  const rate = rateFps(timeline.rate);
  const time = (value: number): Json => ({ OTIO_SCHEMA: 'RationalTime.1', rate, value });
  const range = (start: number, duration: number): Json => ({
    OTIO_SCHEMA: 'TimeRange.1',
    start_time: time(start),
    duration: time(duration),
  });
  const clips = () =>
    timeline.cuts.map((cut, i) => ({
      OTIO_SCHEMA: 'Clip.2',
      metadata: { roughcut: { cut: i + 1 } },
      name: timeline.fileName,
      source_range: range(cut.sourceIn, cutLength(cut)),
      effects: [],
      markers: [],
      enabled: true,
      media_references: {
        DEFAULT_MEDIA: {
          OTIO_SCHEMA: 'ExternalReference.1',
          metadata: {},
          name: timeline.fileName,
          available_range: range(0, timeline.sourceFrames),
          available_image_bounds: null,
          target_url: fileUrl(timeline.fileName),
        },
      },
      active_media_reference_key: 'DEFAULT_MEDIA',
    }));
  const track = (kind: 'Video' | 'Audio') => ({
    OTIO_SCHEMA: 'Track.1',
    metadata: {},
    name: kind === 'Video' ? 'V1' : 'A1',
    source_range: null,
    effects: [],
    markers: [],
    enabled: true,
    children: clips(),
    kind,
  });
  const markers = timeline.captions.map((c) => ({
    OTIO_SCHEMA: 'Marker.2',
    metadata: { roughcut: { caption: true } },
    name: c.text,
    color: 'PURPLE',
    marked_range: range(c.recordIn, c.recordOut - c.recordIn),
    comment: c.text,
  }));
  const document = {
    OTIO_SCHEMA: 'Timeline.1',
    metadata: { roughcut: { source: timeline.fileName } },
    name: timeline.title,
    global_start_time: time(0),
    tracks: {
      OTIO_SCHEMA: 'Stack.1',
      metadata: {},
      name: 'tracks',
      source_range: null,
      effects: [],
      markers,
      enabled: true,
      children: [track('Video'), track('Audio')],
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
