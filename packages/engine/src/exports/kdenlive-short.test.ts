// A short's Kdenlive project, read back from its structure: the render's 1080x1920 frame, the
// follow crop as a keyed Transform on V1, a split as two tracks of cropped and placed clips, and
// the captions as Dynamic Text clips in the style (melt's playback: short-exports.int.test.ts).
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { FramingPlan } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { placeCrop } from '../frames/crop.ts';
import { list, node, parseXml, text } from '../testing/readback-common.ts';
import type { Node } from '../testing/readback-common.ts';
import { readKdenlive } from '../testing/timeline-readback.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { cropAt } from './short-framing.ts';

const SOURCE = { displayWidth: 1280, displayHeight: 720 };
const FOLLOW: FramingPlan = {
  mode: 'follow',
  path: [
    { t: 0, cx: 0.25 },
    { t: 1.5, cx: 0.25 },
    { t: 4.2, cx: 0.8 },
  ],
};
const SPLIT: FramingPlan = {
  mode: 'split',
  places: [
    { cx: 0.2, cy: 0.4 },
    { cx: 0.85, cy: 0.5 },
  ],
};
const STYLE = { ...DEFAULT_DRAW_SETTINGS, one_word_at_a_time: true, word_highlight: true };
const words = (start: number, texts: string[]) =>
  texts.map((t, i) => ({ text: t, start: start + i * 0.3, end: start + (i + 1) * 0.3 }));

const shortOf = (framing: FramingPlan): ExportInput => ({
  title: 'A short',
  fileName: 'talk.mp4',
  probe: {
    durationS: 12,
    fps: 25,
    variableFrameRate: false,
    ...SOURCE,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: [
    { start: 0.2, end: 2.6 },
    { start: 3.1, end: 7.4 },
  ],
  phrases: [
    {
      start: 0.5,
      end: 1.4,
      phrase: 'Hello big world',
      words: words(0.5, ['Hello', 'big', 'world']),
    },
    { start: 3.5, end: 4.4, phrase: 'Second & last', words: words(3.5, ['Second', '&', 'last']) },
  ],
  short: { frame: { width: 1080, height: 1920 }, framing, style: STYLE },
});

const prop = (element: Node | undefined, name: string): string =>
  text(list(element?.property).find((p) => p['@name'] === name));

const projectOf = (input: ExportInput) => {
  const mlt = node(parseXml(writeExport('kdenlive', input)).mlt);
  const tractor = (name: string) =>
    list(mlt.tractor).find((t) => prop(t, 'kdenlive:track_name') === name);
  const lane = (name: string) => {
    const id = list(tractor(name)?.track)[0]?.['@producer'];
    return list(mlt.playlist).find((p) => p['@id'] === id);
  };
  return { mlt, tractor, lane };
};

describe("a short's Kdenlive project", () => {
  it('is at the render size, its V1 moved by a Transform keyed on the cut frames', () => {
    const input = shortOf(FOLLOW);
    const timeline = buildTimeline(input);
    const { mlt, tractor } = projectOf(input);
    expect([node(mlt.profile)['@width'], node(mlt.profile)['@height']]).toEqual(['1080', '1920']);
    const read = readKdenlive(writeExport('kdenlive', input));
    expect(read.video).toEqual(timeline.cuts);
    expect(read.audio).toEqual(timeline.cuts);
    const filter = node(tractor('V1')?.filter);
    expect(prop(filter, 'mlt_service')).toBe('qtblend');
    expect(prop(filter, 'kdenlive_id')).toBe('qtblend');
    expect(prop(filter, 'distort')).toBe('1');
    const framing = timeline.framing!;
    if (framing.layout !== 'single') throw new Error('not a single crop');
    const keys = prop(filter, 'rect')
      .split(';')
      .map((k) => k.split('=').map((v) => v.split(' ').map(Number)) as [[number], number[]]);
    for (const [[frame], [x, y, w, h, opacity]] of keys) {
      const crop = cropAt(framing.keys, frame);
      // The whole source, scaled so the crop is the frame, its left edge off the frame's.
      expect(x).toBeCloseTo((-crop.x * 1080) / crop.width, 2);
      expect([y, opacity]).toEqual([0, 1]);
      expect(w).toBeCloseTo((1280 * 1080) / crop.width, 2);
      expect(h).toBeCloseTo(1920, 2);
    }
    for (const cut of timeline.cuts) expect(keys.map((k) => k[0][0])).toContain(cut.recordIn);
  });

  it("lays a split's halves on V1 and V2, each clip cropped and placed, V2 unheard", () => {
    const input = shortOf(SPLIT);
    const timeline = buildTimeline(input);
    const { lane, tractor } = projectOf(input);
    const crops = SPLIT.places.map((p) => placeCrop(p, SOURCE, 1080 / 960, 0.6));
    ['V1', 'V2'].forEach((name, i) => {
      expect(list(tractor(name)?.track).every((t) => t['@hide'] === 'audio')).toBe(true);
      const entries = list(lane(name)?.entry);
      expect(entries).toHaveLength(timeline.cuts.length);
      for (const entry of entries) {
        const [crop, place] = list(entry.filter);
        expect(prop(crop, 'kdenlive_id')).toBe('crop');
        expect(prop(crop, 'left')).toBe(String(crops[i]!.x));
        expect(prop(crop, 'top')).toBe(String(crops[i]!.y));
        expect(prop(crop, 'use_profile')).toBe('0');
        expect(prop(place, 'kdenlive_id')).toBe('qtblend');
        expect(prop(place, 'rect')).toBe(`0 ${i * 960} 1080 960 1`);
      }
    });
  });

  it('draws the captions as Dynamic Text clips in the style, on a track above the picture', () => {
    const input = shortOf(FOLLOW);
    const { mlt, lane } = projectOf(input);
    const tracks = list(list(mlt.tractor).find((t) => t['@id'] === 'maintractor')?.track);
    expect(tracks.map((t) => t['@producer'])).toEqual([
      'black_track',
      'tractor0',
      'tractor1',
      'tractor2',
    ]);
    const entries = list(lane('Captions')?.entry);
    const texts = entries.map((e) => prop(node(e.filter), 'argument'));
    expect(texts).toEqual(['Hello', 'big', 'world', 'Second', '&', 'last']);
    const filter = node(entries[0]?.filter);
    expect(prop(filter, 'kdenlive_id')).toBe('dynamictext');
    expect(prop(filter, 'family')).toBe('League Spartan Black');
    expect(prop(filter, 'size')).toBe('81');
    expect(prop(filter, 'weight')).toBe('900');
    // Kdenlive's colours are 0xRRGGBBAA: every word lit in the highlight colour.
    expect(prop(filter, 'fgcolour')).toBe('0xffd600ff');
    expect(prop(filter, 'halign')).toBe('centre');
    // Every caption is a cut of the one transparent colour clip in the bin.
    const bin = list(mlt.playlist).find((p) => p['@id'] === 'main_bin');
    expect(list(bin?.entry).map((e) => e['@producer'])).toEqual(['producer0', 'captions']);
    expect(new Set(entries.map((e) => e['@producer']))).toEqual(new Set(['captions']));
    const compositing = list(list(mlt.tractor).find((t) => t['@id'] === 'maintractor')?.transition)
      .filter((t) => prop(t, 'mlt_service') === 'qtblend')
      .map((t) => [prop(t, 'a_track'), prop(t, 'b_track')]);
    expect(compositing).toEqual([
      ['0', '2'],
      ['0', '3'],
    ]);
  });
});
