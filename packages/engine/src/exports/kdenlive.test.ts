import { describe, expect, it } from 'vitest';
import { list, node, parseXml, text } from '../testing/readback-common.ts';
import type { Node } from '../testing/readback-common.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { toKdenlive } from './kdenlive.ts';

const input: ExportInput = {
  title: 'Tom & "Jerry" <cut>',
  fileName: 'talk & notes.mp4',
  probe: {
    durationS: 30,
    fps: 30000 / 1001,
    variableFrameRate: false,
    displayWidth: 1920,
    displayHeight: 1080,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: [
    { start: 0.5, end: 3.2 },
    { start: 4, end: 9.9 },
    { start: 20, end: 25 },
  ],
  phrases: [
    { start: 1, end: 2.5, phrase: 'First & <last>' },
    { start: 21, end: 23, phrase: 'Later' },
  ],
};

const prop = (element: Node, name: string): string =>
  text(list(element.property).find((p) => p['@name'] === name));

describe('the Kdenlive project', () => {
  const timeline = buildTimeline(input);
  const mlt = node(parseXml(toKdenlive(timeline)).mlt);
  const playlists = list(mlt.playlist);
  const tractors = list(mlt.tractor);

  it('opens with the bin first, as a document of version 1.0 holding the source', () => {
    const bin = playlists[0]!;
    expect(bin['@id']).toBe('main_bin');
    expect(prop(bin, 'kdenlive:docproperties.version')).toBe('1');
    const [entry] = list(bin.entry);
    expect(entry?.['@producer']).toBe('producer0');
    const source = list(mlt.producer).find((p) => p['@id'] === 'producer0')!;
    expect(prop(source, 'resource')).toBe('talk & notes.mp4');
    expect(prop(source, 'kdenlive:id')).toBe('2');
    expect(node(mlt.profile)['@frame_rate_num']).toBe('30000');
  });

  it('lays the cuts on A1 and V1, each a tractor of two lanes, its sound and picture hidden', () => {
    const cuts = (id: string) => {
      let recordIn = 0;
      return list(playlists.find((p) => p['@id'] === id)?.entry).map((e) => {
        expect(e['@producer']).toBe('producer0');
        expect(prop(e, 'kdenlive:id')).toBe('2');
        const sourceIn = Number(e['@in']);
        const cut = { sourceIn, sourceOut: Number(e['@out']) + 1, recordIn };
        recordIn += cut.sourceOut - sourceIn;
        return cut;
      });
    };
    expect(cuts('playlist0')).toEqual(timeline.cuts);
    expect(cuts('playlist2')).toEqual(timeline.cuts);
    const [audio, video, main] = tractors;
    expect(prop(audio!, 'kdenlive:audio_track')).toBe('1');
    expect(list(audio!.track).map((t) => t['@hide'])).toEqual(['video', 'video']);
    expect(list(video!.track).map((t) => t['@hide'])).toEqual(['audio', 'audio']);
    expect(list(main!.track).map((t) => t['@producer'])).toEqual([
      'black_track',
      'tractor0',
      'tractor1',
    ]);
    expect(main!['@out']).toBe(String(timeline.frames - 1));
  });

  it("groups each cut's sound and picture, and marks each caption with a guide", () => {
    const bin = playlists[0]!;
    const groups = JSON.parse(prop(bin, 'kdenlive:docproperties.groups')) as {
      type: string;
      children: { data: string }[];
    }[];
    expect(groups).toHaveLength(timeline.cuts.length);
    groups.forEach((group, i) => {
      expect(group.type).toBe('AVSplit');
      const at = timeline.cuts[i]!.recordIn;
      expect(group.children.map((c) => c.data)).toEqual([`0:${at}`, `1:${at}`]);
    });
    expect(JSON.parse(prop(bin, 'kdenlive:docproperties.guides'))).toEqual(
      timeline.captions.map((c) => ({ pos: c.recordIn, comment: c.text, type: 0 })),
    );
    expect(timeline.captions.map((c) => c.text)).toEqual(['First & <last>', 'Later']);
  });
});
