// A short's timelines as its render makes it: the render's 1080x1920 frame, the crop the render
// shows at every frame (the follow path keyed where it bends, the split's two crops), and the
// captions in the clip's style, word by word; read back from each format's own structure.
import { DEFAULT_DRAW_SETTINGS, framingCentreAt } from '@roughcut/shared';
import type { FramingPlan } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { centreCrop, cropLeft, placeCrop } from '../frames/crop.ts';
import { list, node, parseXml, text } from '../testing/readback-common.ts';
import type { Node } from '../testing/readback-common.ts';
import { readTimeline } from '../testing/timeline-readback.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { fcpxTime } from './frame-time.ts';
import { cropAt } from './short-framing.ts';

const FRAME = { width: 1080, height: 1920 };
const SOURCE = { displayWidth: 1280, displayHeight: 720 };
const FOLLOW: FramingPlan = {
  mode: 'follow',
  path: [
    { t: 0, cx: 0.25 },
    { t: 1.5, cx: 0.25 },
    { t: 4.2, cx: 0.8 },
    { t: 6.1, cx: 0.98 },
  ],
};
const SPLIT: FramingPlan = {
  mode: 'split',
  places: [
    { cx: 0.2, cy: 0.4 },
    { cx: 0.85, cy: 0.5 },
  ],
};
const words = (start: number, texts: string[]) =>
  texts.map((t, i) => ({ text: t, start: start + i * 0.3, end: start + (i + 1) * 0.3 }));

const shortOf = (framing: FramingPlan, style = DEFAULT_DRAW_SETTINGS): ExportInput => ({
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
  short: { frame: FRAME, framing, style },
});

const prop = (element: Node | undefined, name: string): string =>
  text(list(element?.property).find((p) => p['@name'] === name));

describe("a short's framing", () => {
  it('follows the path as the render moves its crop, within 2 pixels at every frame', () => {
    const timeline = buildTimeline(shortOf(FOLLOW));
    const framing = timeline.framing!;
    expect(framing.layout).toBe('single');
    if (framing.layout !== 'single') return;
    const crop = centreCrop(SOURCE, FRAME.width, FRAME.height);
    let frames = 0;
    for (const cut of timeline.cuts) {
      for (let k = 0; k < cut.sourceOut - cut.sourceIn; k++) {
        const t = (cut.sourceIn + k) / 25;
        const rendered = cropLeft(framingCentreAt(FOLLOW.path, t), crop, SOURCE.displayWidth);
        const shown = cropAt(framing.keys, cut.recordIn + k);
        expect(Math.abs(shown.x - rendered), `frame ${cut.recordIn + k}`).toBeLessThanOrEqual(2);
        expect(shown).toMatchObject({ width: crop.width, height: crop.height, y: crop.y });
        frames++;
      }
    }
    // Keys only where the motion bends or a cut starts or ends, not one a frame.
    expect(framing.keys.length).toBeLessThan(frames / 10);
    for (const cut of timeline.cuts) {
      const end = cut.recordIn + cut.sourceOut - cut.sourceIn - 1;
      expect(framing.keys.map((k) => k.frame)).toEqual(expect.arrayContaining([cut.recordIn, end]));
    }
  });

  it("holds the render's centre crop, and its split's two crops stacked", () => {
    const centre = buildTimeline(shortOf({ mode: 'centre' })).framing;
    expect(centre).toEqual({
      layout: 'single',
      keys: [{ frame: 0, crop: centreCrop(SOURCE, 1080, 1920) }],
    });
    const split = buildTimeline(shortOf(SPLIT)).framing;
    expect(split).toEqual({
      layout: 'stacked',
      half: 960,
      crops: SPLIT.places.map((p) => placeCrop(p, SOURCE, 1080 / 960, 0.6)),
    });
  });
});

describe("a short's timelines", () => {
  it('MLT: a 1080x1920 project whose track filter places the crop, keyed on the cut frames', () => {
    const input = shortOf(FOLLOW);
    const timeline = buildTimeline(input);
    const xml = writeExport('mlt', input);
    const mlt = node(parseXml(xml).mlt);
    expect(node(mlt.profile)['@width']).toBe('1080');
    expect(node(mlt.profile)['@height']).toBe('1920');
    expect(readTimeline('mlt', xml, timeline.rate).video).toEqual(timeline.cuts);
    const track = list(mlt.playlist).find((p) => p['@id'] === 'playlist0');
    const filter = node(track?.filter);
    expect(prop(filter, 'mlt_service')).toBe('affine');
    const keys = prop(filter, 'transition.rect')
      .split(';')
      .map((k) => k.split('=').map((v) => v.split(' ').map(Number)));
    const framing = timeline.framing!;
    if (framing.layout !== 'single') throw new Error('not a single crop');
    for (const [[frame], [x, y, w, h]] of keys as [[number], number[]][]) {
      const crop = cropAt(framing.keys, frame);
      // The whole source, scaled so the crop is the frame, its left edge off the frame's.
      expect(x).toBeCloseTo((-crop.x * 1080) / crop.width, 2);
      expect(y).toBe(0);
      expect(w).toBeCloseTo((1280 * 1080) / crop.width, 2);
      expect(h).toBeCloseTo(1920, 2);
    }
    for (const cut of timeline.cuts) expect(keys.map((k) => k[0]![0])).toContain(cut.recordIn);
  });

  it('MLT: a split is two picture tracks, each cropped into its half, the second unheard', () => {
    const xml = writeExport('mlt', shortOf(SPLIT));
    const mlt = node(parseXml(xml).mlt);
    const playlists = list(mlt.playlist);
    const [top, bottom] = ['playlist0', 'playlist2'].map((id) =>
      playlists.find((p) => p['@id'] === id),
    );
    expect(list(top?.entry)).toEqual(list(bottom?.entry));
    const crops = SPLIT.places.map((p) => placeCrop(p, SOURCE, 1080 / 960, 0.6));
    [top, bottom].forEach((track, i) => {
      const [crop, place] = list(track?.filter);
      expect(prop(crop, 'left')).toBe(String(crops[i]!.x));
      expect(prop(crop, 'top')).toBe(String(crops[i]!.y));
      expect(prop(place, 'transition.rect')).toBe(`0 ${i * 960} 1080 960 1`);
    });
    const tracks = list(node(mlt.tractor).track);
    expect(tracks.map((t) => [t['@producer'], t['@hide']])).toEqual([
      ['background', undefined],
      ['playlist0', undefined],
      ['playlist2', 'audio'],
      ['playlist1', undefined],
    ]);
  });

  it('MLT: the captions in the style at the frame, one clip a word shown one at a time', () => {
    const style = { ...DEFAULT_DRAW_SETTINGS, one_word_at_a_time: true, word_highlight: true };
    const input = shortOf(FOLLOW, style);
    const read = readTimeline('mlt', writeExport('mlt', input), buildTimeline(input).rate);
    expect(read.captions.map((c) => c.text)).toEqual([
      'Hello',
      'big',
      'world',
      'Second',
      '&',
      'last',
    ]);
    const mlt = node(parseXml(writeExport('mlt', input)).mlt);
    const filter = node(list(mlt.producer).find((p) => p['@id'] === 'caption1')?.filter);
    expect(prop(filter, 'family')).toBe('League Spartan Black');
    // 18 at the style's 288 lines is a 120-pixel line at 1920, which Qt draws from an em of 81
    // (League Spartan's line is 1.48 of its em); the face's weight; every word lit in the
    // highlight colour.
    expect(prop(filter, 'size')).toBe('81');
    expect(prop(filter, 'weight')).toBe('900');
    expect(prop(filter, 'fgcolour')).toBe('#ffffd600');
    expect(prop(filter, 'geometry')).toBe('28 0 1024 1520 1');
  });

  it('FCPXML: a 1080x1920 project of the source at its own size, moved by keyframes', () => {
    const input = shortOf(FOLLOW, { ...DEFAULT_DRAW_SETTINGS, word_highlight: true });
    const timeline = buildTimeline(input);
    const xml = writeExport('fcpxml', input);
    const root = node(parseXml(xml, { keepSpaces: true }).fcpxml);
    const formats = list(node(root.resources).format);
    expect(formats.map((f) => [f['@id'], f['@width'], f['@height']])).toEqual([
      ['r1', '1080', '1920'],
      ['r3', '1280', '720'],
    ]);
    const read = readTimeline('fcpxml', xml, timeline.rate);
    expect(read.video).toEqual(timeline.cuts);
    const sequence = node(node(node(node(root.library).event).project).sequence);
    const clips = list(node(sequence.spine)['asset-clip']);
    clips.forEach((clip, i) => {
      expect(node(clip['adjust-conform'])['@type']).toBe('none');
      const transform = node(clip['adjust-transform']);
      expect(transform['@scale']).toBe('2.673 2.667');
      const keys = list(node(node(node(transform.param).keyframeAnimation)).keyframe);
      const cut = timeline.cuts[i]!;
      // In the clip's own (source) time: from its start to its last frame.
      expect(keys[0]?.['@time']).toBe(fcpxTime(cut.sourceIn, timeline.rate));
      expect(keys.at(-1)?.['@time']).toBe(fcpxTime(cut.sourceOut - 1, timeline.rate));
      expect(keys.every((k) => k['@interp'] === 'linear')).toBe(true);
    });
    // The lit word is its own text style, in the highlight colour.
    const caption = list(clips[0]!.caption)[1]!;
    const runs = list(node(caption.text)['text-style']);
    expect(runs.map((r) => [text(r), r['@ref']])).toEqual([
      ['Hello ', 'ts2'],
      ['big', 'ts2h'],
      [' world', 'ts2'],
    ]);
    expect(read.captions[1]?.text).toBe('Hello big world');
  });

  it('FCPXML: a split puts a trimmed second picture of each cut on lane 1, its captions above', () => {
    const xml = writeExport('fcpxml', shortOf(SPLIT));
    const root = node(parseXml(xml).fcpxml);
    const sequence = node(node(node(node(root.library).event).project).sequence);
    const [clip] = list(node(sequence.spine)['asset-clip']);
    const bottom = node(clip?.video);
    expect(bottom['@lane']).toBe('1');
    expect(bottom['@start']).toBe(clip?.['@start']);
    expect(bottom['@duration']).toBe(clip?.['@duration']);
    expect(node(bottom['adjust-crop'])['@mode']).toBe('trim');
    expect(list(clip?.caption).every((c) => c['@lane'] === '2')).toBe(true);
  });

  it('xmeml: a 1080x1920 sequence, each picture moved by Basic Motion; a split adds a track', () => {
    const input = shortOf(SPLIT);
    const xml = writeExport('xmeml', input);
    const timeline = buildTimeline(input);
    const media = node(node(node(parseXml(xml).xmeml).sequence).media);
    const format = node(node(node(media.video).format).samplecharacteristics);
    expect([format.width, format.height]).toEqual(['1080', '1920']);
    const [v1, v2] = list(node(media.video).track);
    const motion = (item: Node) =>
      [item.filter].flat().map((f) => text(node(node(f).effect).effectid));
    expect(list(v1?.clipitem).map(motion)).toEqual(timeline.cuts.map(() => ['basic']));
    expect(list(v2?.clipitem).map(motion)).toEqual(timeline.cuts.map(() => ['crop', 'basic']));
    expect(readTimeline('xmeml', xml, timeline.rate).video).toEqual(timeline.cuts);
  });

  it('OTIO: the size, framing and caption style as metadata', () => {
    const input = shortOf(FOLLOW);
    const doc = JSON.parse(writeExport('otio', input)) as {
      metadata: { roughcut: { short: { width: number; height: number; framing: unknown } } };
    };
    expect(doc.metadata.roughcut.short).toMatchObject({
      width: 1080,
      height: 1920,
      framing: buildTimeline(input).framing,
    });
    // The ASS export is laid out at the short's frame.
    expect(writeExport('ass', input)).toMatch(/PlayResX: 1080\nPlayResY: 1920/);
  });
});
