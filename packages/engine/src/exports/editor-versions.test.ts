// Issue 34: the OTIO and ASS exports in the forms older editors and renderers read: OTIO in
// OTIO_CORE 0.14.0's schema versions, the ASS at the video's own PlayRes.
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { SHORT_HEIGHT, SHORT_WIDTH } from '../render/short-clip.ts';
import { SHORT_FRAME, writeExport } from './export-formats.ts';
import type { ExportInput } from './export-timeline.ts';

const input = (width: number, height: number): ExportInput => ({
  title: 'Talk',
  fileName: 'talk.mp4',
  probe: {
    durationS: 30,
    fps: 30000 / 1001,
    variableFrameRate: false,
    displayWidth: width,
    displayHeight: height,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: [
    { start: 1, end: 4 },
    { start: 6, end: 12 },
  ],
  phrases: [
    { start: 1.2, end: 3, phrase: 'First' },
    { start: 6.5, end: 9, phrase: 'Second' },
  ],
});

/**
 * OpenTimelineIO's CORE_VERSION_MAP for its release 0.14.0, the schemas this export uses: what
 * 0.14 writes (and so reads) itself. 0.15 moved Clip to 2 and reads Clip.1 by upgrading it.
 */
const OTIO_0_14 = {
  Timeline: 1,
  Stack: 1,
  Track: 1,
  Clip: 1,
  ExternalReference: 1,
  Marker: 2,
  RationalTime: 1,
  TimeRange: 1,
} as Record<string, number>;

function schemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => schemas(v, found));
  else if (value && typeof value === 'object') {
    const { OTIO_SCHEMA: schema, ...rest } = value as Record<string, unknown>;
    if (typeof schema === 'string') found.add(schema);
    Object.values(rest).forEach((v) => schemas(v, found));
  }
  return found;
}

describe('the OTIO export', () => {
  const doc = JSON.parse(writeExport('otio', input(1920, 1080))) as {
    tracks: { children: { children: Record<string, unknown>[] }[] };
  };

  it('uses only schema versions OpenTimelineIO 0.14 writes itself', () => {
    const used = [...schemas(doc)];
    expect(used).toEqual(expect.arrayContaining(['Clip.1', 'Marker.2', 'ExternalReference.1']));
    for (const schema of used) {
      const [name, version] = schema.split('.');
      expect(OTIO_0_14[name!], schema).toBe(Number(version));
    }
  });

  it("gives each clip one media_reference, Clip.1's form, not Clip.2's keyed references", () => {
    const clips = doc.tracks.children.flatMap((t) => t.children);
    expect(clips).toHaveLength(4);
    for (const clip of clips) {
      expect(clip).toMatchObject({
        OTIO_SCHEMA: 'Clip.1',
        media_reference: { OTIO_SCHEMA: 'ExternalReference.1', target_url: 'talk.mp4' },
      });
      expect(clip).not.toHaveProperty('media_references');
      expect(clip).not.toHaveProperty('active_media_reference_key');
    }
  });
});

describe('the ASS export', () => {
  const style = (ass: string) => /^Style: (.*)$/m.exec(ass)?.[1]?.split(',') ?? [];

  it("lays the script out at the source's own size, the style scaled to draw as large", () => {
    const settings = { ...DEFAULT_DRAW_SETTINGS, spacing: 2, margin_left: 12 };
    const ass = writeExport('ass', input(1920, 1080), { assSettings: settings });
    expect(ass).toContain('PlayResX: 1920\nPlayResY: 1080\n');
    expect(ass).not.toContain('PlayResX: 384');
    const [, , size, , , , , , , , , , , spacing, , , outline, shadow, , left, right, bottom] =
      style(ass);
    // 384x288 onto 1920x1080: 5x across, 3.75x down.
    expect(Number(size)).toBe(settings.size * 3.75);
    expect(Number(spacing)).toBe(settings.spacing * 5);
    // NOTE: one value for both directions: the mean of the two scales (ass-play-res.ts).
    expect(Number(outline)).toBe(settings.outline * 4.375);
    expect(Number(shadow)).toBe(settings.shadow * 4.375);
    expect([left, right, bottom].map(Number)).toEqual([
      settings.margin_left * 5,
      settings.margin_right * 5,
      settings.margin_vertical * 3.75,
    ]);
  });

  it("takes the render's size for a vertical short, and keeps the events as they were", () => {
    expect(SHORT_FRAME).toEqual({ width: SHORT_WIDTH, height: SHORT_HEIGHT });
    const long = writeExport('ass', input(1920, 1080));
    const short = writeExport('ass', input(1920, 1080), { frame: SHORT_FRAME });
    expect(short).toContain('PlayResX: 1080\nPlayResY: 1920\n');
    expect(Number(style(short)[2])).toBeCloseTo((DEFAULT_DRAW_SETTINGS.size * 1920) / 288, 3);
    const events = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(events(short)).toHaveLength(2);
    expect(events(short)).toEqual(events(long));
  });
});
