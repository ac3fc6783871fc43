// A source with its own start timecode (a camera's or phone's): every format that has a source
// timecode counts the source side of its cuts from it, read back by each format's own structure
// (the EDL by the strict CMX3600 reader), while the record side, the cut timeline, starts at 0.
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { list, node, parseXml, text } from '../testing/readback-common.ts';
import { readTimeline } from '../testing/timeline-readback.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { editorTimecode, fcpxTime, timecodeFrames } from './frame-time.ts';
import { readStrictEdl } from './strict-readers.fixtures.ts';

const inputOf = (fps: number, timecode?: string): ExportInput => ({
  title: 'A phone take',
  fileName: 'take.mov',
  probe: {
    durationS: 30,
    fps,
    variableFrameRate: false,
    displayWidth: 1920,
    displayHeight: 1080,
    audioSampleRate: 48_000,
    audioChannels: 2,
    ...(timecode ? { timecode } : {}),
  },
  // NOTE: the first cut starts on the file's first frame, which is its timecode's own label.
  keep: [
    { start: 0, end: 2.5 },
    { start: 4.1, end: 9.7 },
    { start: 12.02, end: 20.4 },
  ],
  phrases: [
    { start: 0.4, end: 2.2, phrase: 'First words' },
    { start: 5, end: 8.5, phrase: 'across the middle' },
  ],
});

/** The sources: 29.97 drop-frame mid-afternoon, 25 fps at the conventional ten o'clock. */
const SOURCES = [
  { fps: 30000 / 1001, timecode: '14:03:22;12', frames: 1_516_554, dropFrame: true },
  { fps: 25, timecode: '10:00:00:00', frames: 900_000, dropFrame: false },
];

describe('timecodeFrames', () => {
  it('counts a start timecode at the rate, drop-frame where it says so', () => {
    const ntsc = { num: 30000, den: 1001 };
    expect(timecodeFrames('14:03:22;12', ntsc)).toBe(1_516_554);
    expect(timecodeFrames('00:00:58;00', ntsc)).toBe(58 * 30);
    // A non-drop label at 29.97 counts every label.
    expect(timecodeFrames('01:00:00:00', ntsc)).toBe(108_000);
    expect(timecodeFrames('10:00:00:00', { num: 25, den: 1 })).toBe(900_000);
    expect(timecodeFrames('10:00:00;05', { num: 25, den: 1 })).toBe(900_005);
  });

  it('is 0 without a timecode an editor would read', () => {
    const ntsc = { num: 30000, den: 1001 };
    for (const junk of [undefined, '', 'soon', '24:00:00:00', '00:00:00:30', '00:01:00;00']) {
      expect(timecodeFrames(junk, ntsc), String(junk)).toBe(0);
    }
  });
});

describe.each(SOURCES)('a $fps fps source starting at $timecode', (source) => {
  const input = inputOf(source.fps, source.timecode);
  const timeline = buildTimeline(input);
  const plain = buildTimeline(inputOf(source.fps));
  const start = source.frames;

  it('keeps the cuts, and the source start as a frame', () => {
    expect(timeline.sourceStart).toBe(start);
    expect(timeline.cuts).toEqual(plain.cuts);
    expect(timeline.cuts[0]!.sourceIn).toBe(0);
  });

  it('EDL: the source columns from its timecode, the record ones from 00:00:00:00', () => {
    const edl = writeExport('edl', input);
    const read = readStrictEdl(edl, timeline.rate, 0);
    expect(read.dropFrame).toBe(source.dropFrame);
    expect(read.events.map((e) => [e.sourceIn - start, e.sourceOut - start, e.recordIn])).toEqual(
      timeline.cuts.map((c) => [c.sourceIn, c.sourceOut, c.recordIn]),
    );
    const first = edl.split('\n').find((line) => line.startsWith('001'))!;
    const separator = source.dropFrame ? ';' : ':';
    expect(first).toContain(` ${source.timecode} `);
    expect(first).toContain(` 00:00:00${separator}00 `);
  });

  it('FCPXML: the asset starts at the timecode, each clip and caption in its time', () => {
    const xml = writeExport('fcpxml', input);
    const root = node(parseXml(xml, { keepSpaces: true }).fcpxml);
    const asset = node(node(root.resources).asset);
    expect(asset['@start']).toBe(fcpxTime(start, timeline.rate));
    const spine = node(node(node(node(node(root.library).event).project).sequence).spine);
    const clips = list(spine['asset-clip']);
    expect(clips.map((c) => c['@start'])).toEqual(
      timeline.cuts.map((c) => fcpxTime(start + c.sourceIn, timeline.rate)),
    );
    // The record side does not move.
    expect(clips.map((c) => c['@offset'])).toEqual(
      timeline.cuts.map((c) => fcpxTime(c.recordIn, timeline.rate)),
    );
    const read = readTimeline('fcpxml', xml, timeline.rate);
    const before = readTimeline('fcpxml', writeExport('fcpxml', inputOf(source.fps)), plain.rate);
    expect(read.sourceStart).toBe(start);
    expect(read.video).toEqual(timeline.cuts);
    expect(read.captions).toEqual(before.captions);
  });

  it("xmeml: the file's timecode is the source's, clip items count from the file's first frame", () => {
    const xml = writeExport('xmeml', input);
    const sequence = node(node(parseXml(xml).xmeml).sequence);
    const item = list(list(node(node(sequence.media).video).track)[0]?.clipitem)[0]!;
    const timecode = node(node(item.file).timecode);
    expect(text(timecode.string)).toBe(source.timecode);
    expect(text(timecode.frame)).toBe(String(start));
    expect(text(timecode.displayformat)).toBe(source.dropFrame ? 'DF' : 'NDF');
    // The sequence's own timecode (the record side) still starts at 0.
    expect(text(node(sequence.timecode).frame)).toBe('0');
    const read = readTimeline('xmeml', xml, timeline.rate);
    expect(read.sourceStart).toBe(start);
    expect(read.video).toEqual(timeline.cuts);
  });

  it("OTIO: the media's available range and each clip's source range start from it", () => {
    const otio = writeExport('otio', input);
    type Range = { start_time: { value: number }; duration: { value: number } };
    type Clip = { source_range: Range; media_reference: { available_range: Range } };
    const doc = JSON.parse(otio) as {
      global_start_time: { value: number };
      tracks: { children: { children: Clip[] }[] };
    };
    expect(doc.global_start_time.value).toBe(0);
    for (const track of doc.tracks.children) {
      track.children.forEach((clip, i) => {
        expect(clip.media_reference.available_range.start_time.value).toBe(start);
        expect(clip.media_reference.available_range.duration.value).toBe(timeline.sourceFrames);
        expect(clip.source_range.start_time.value).toBe(start + timeline.cuts[i]!.sourceIn);
      });
    }
    const read = readTimeline('otio', otio, timeline.rate);
    expect(read.sourceStart).toBe(start);
    expect(read.video).toEqual(timeline.cuts);
    expect(read.audio).toEqual(timeline.cuts);
  });

  it('MLT and Kdenlive count frames from the file (they have no source timecode)', () => {
    expect(writeExport('mlt', input)).toBe(writeExport('mlt', inputOf(source.fps)));
    expect(writeExport('kdenlive', input)).toBe(writeExport('kdenlive', inputOf(source.fps)));
  });

  it("a short's FCPXML keys and split picture are in the asset's time too", () => {
    const short = (framing: NonNullable<ExportInput['short']>['framing']) => ({
      ...input,
      short: { frame: { width: 1080, height: 1920 }, framing, style: DEFAULT_DRAW_SETTINGS },
    });
    const follow = short({
      mode: 'follow',
      path: [
        { t: 0, cx: 0.3 },
        { t: 6, cx: 0.7 },
      ],
    });
    const xml = writeExport('fcpxml', follow);
    const spine = (doc: string) =>
      node(node(node(node(node(node(parseXml(doc).fcpxml).library).event).project).sequence).spine);
    const clips = list(spine(xml)['asset-clip']);
    const cuts = buildTimeline(follow).cuts;
    // NOTE: the path holds after 6 s: the last cut's crop does not move, so it has no keys.
    clips.slice(0, 2).forEach((clip, i) => {
      const transform = node(clip['adjust-transform']);
      const keys = list(node(node(node(transform.param).keyframeAnimation)).keyframe);
      expect(keys[0]?.['@time']).toBe(clip['@start']);
      expect(keys.at(-1)?.['@time']).toBe(fcpxTime(start + cuts[i]!.sourceOut - 1, timeline.rate));
    });
    const split = writeExport(
      'fcpxml',
      short({
        mode: 'split',
        places: [
          { cx: 0.25, cy: 0.4 },
          { cx: 0.75, cy: 0.4 },
        ],
      }),
    );
    for (const clip of list(spine(split)['asset-clip'])) {
      const bottom = node(clip.video);
      expect(bottom['@start']).toBe(clip['@start']);
      expect(bottom['@offset']).toBe(clip['@start']);
    }
  });
});

it('a source without a timecode, or with one no editor reads, exports as it always has', () => {
  for (const fps of [30000 / 1001, 25]) {
    const plain = inputOf(fps);
    const junk = inputOf(fps, '99:99:99:99');
    for (const format of ['edl', 'fcpxml', 'xmeml', 'otio'] as const) {
      expect(writeExport(format, junk), format).toBe(writeExport(format, plain));
    }
    expect(writeExport('edl', plain)).toContain(
      ` ${editorTimecode(0, buildTimeline(plain).rate)} `,
    );
    expect(writeExport('fcpxml', plain)).toContain('start="0s"');
  }
});
