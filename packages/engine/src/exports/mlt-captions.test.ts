import { describe, expect, it } from 'vitest';
import { readMlt } from '../testing/timeline-readback.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { escapeDynamicText, wrapCaption } from './mlt-captions.ts';
import { toMlt } from './mlt.ts';

const input = (width: number, height: number, phrase: string): ExportInput => ({
  title: 'Captions',
  fileName: 'talk.mp4',
  probe: {
    durationS: 20,
    fps: 25,
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
    { start: 2, end: 3.5, phrase: 'Take #2: the #hashtag# one' },
    { start: 7, end: 11, phrase },
  ],
});

const LONG = 'A phrase long enough that one line of it would run past the edge of a frame';

describe('MLT captions', () => {
  it('wraps a caption into lines of at most the given length, and keeps a long word whole', () => {
    expect(wrapCaption(LONG, 42).split('\n')).toEqual([
      'A phrase long enough that one line of it',
      'would run past the edge of a frame',
    ]);
    expect(wrapCaption('short', 42)).toBe('short');
    expect(wrapCaption('a supercalifragilistic b', 10)).toBe('a\nsupercalifragilistic\nb');
  });

  it("keeps '#' plain text for the dynamictext filter", () => {
    expect(escapeDynamicText('Take #2: #timecode#')).toBe('Take \\#2: \\#timecode\\#');
  });

  it('puts the captions on a track above the picture, at their frames, as written', () => {
    const timeline = buildTimeline(input(1920, 1080, LONG));
    const xml = toMlt(timeline);
    expect(xml).toContain('Take \\#2: the \\#hashtag\\# one');
    expect(readMlt(xml).captions).toEqual(timeline.captions);
    // 2 s plays 1 s into the first kept span; 7 s is 1 s into the second, which starts at 3 s.
    expect(timeline.captions.map((c) => [c.recordIn, c.recordOut])).toEqual([
      [25, 63],
      [100, 200],
    ]);
  });

  it('draws a vertical source with fewer characters to a line', () => {
    const xml = toMlt(buildTimeline(input(1080, 1920, LONG)));
    const lines = /name="argument">([^<]*)</.exec(xml.split('caption2')[1]!)![1]!.split('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(32);
  });

  it('writes no caption track when there are no captions', () => {
    const xml = toMlt(buildTimeline({ ...input(1920, 1080, LONG), phrases: [] }));
    expect(xml).not.toContain('playlist1');
    expect(readMlt(xml).captions).toEqual([]);
  });
});
