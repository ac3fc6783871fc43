import { describe, expect, it } from 'vitest';
import { snapSpans } from '../frames/spans.ts';
import {
  fcpxTime,
  framesToRational,
  framesToSeconds,
  dropFrameTimecode,
  editorTimecode,
  isDropFrame,
  keptFrames,
  parseTimecode,
  rateOf,
  secondsToFrames,
  timebase,
  timecode,
} from './frame-time.ts';

describe('rateOf', () => {
  it('reads NTSC rates as x/1001 and whole rates as x/1', () => {
    expect(rateOf(24000 / 1001)).toEqual({ num: 24000, den: 1001 });
    expect(rateOf(23.976)).toEqual({ num: 24000, den: 1001 });
    expect(rateOf(29.97)).toEqual({ num: 30000, den: 1001 });
    expect(rateOf(59.94005994)).toEqual({ num: 60000, den: 1001 });
    expect(rateOf(25)).toEqual({ num: 25, den: 1 });
    expect(rateOf(30.0004)).toEqual({ num: 30, den: 1 });
    expect(rateOf(12.5)).toEqual({ num: 25, den: 2 });
  });
  it('refuses no rate', () => {
    expect(() => rateOf(0)).toThrow(RangeError);
    expect(() => rateOf(Number.NaN)).toThrow(RangeError);
  });
});

describe('frame times', () => {
  const ntsc = { num: 30000, den: 1001 };
  it('spells FCPXML times as reduced rationals on frame boundaries', () => {
    expect(fcpxTime(1, ntsc)).toBe('1001/30000s');
    expect(fcpxTime(30, ntsc)).toBe('1001/1000s');
    expect(fcpxTime(0, ntsc)).toBe('0s');
    expect(fcpxTime(50, { num: 25, den: 1 })).toBe('2s');
    expect(fcpxTime(1, { num: 24000, den: 1001 })).toBe('1001/24000s');
    expect(framesToRational(3, { num: 25, den: 1 })).toEqual([3, 25]);
  });
  it('converts between frames and seconds', () => {
    expect(framesToSeconds(30, ntsc)).toBeCloseTo(1.001, 12);
    expect(secondsToFrames(1.001, ntsc)).toBe(30);
    expect(secondsToFrames(1.0, ntsc)).toBe(30);
    expect(secondsToFrames(0.02, { num: 25, den: 1 })).toBe(1);
  });
  it('writes and reads non-drop timecode at the whole-number timebase', () => {
    expect(timebase({ num: 24000, den: 1001 })).toBe(24);
    expect(timecode(24 * 3661 + 5, { num: 24000, den: 1001 })).toBe('01:01:01:05');
    expect(timecode(29, ntsc)).toBe('00:00:00:29');
    expect(timecode(30, ntsc)).toBe('00:00:01:00');
    for (const frames of [0, 1, 29, 30, 1799, 1800, 107_892, 1_000_001]) {
      expect(parseTimecode(timecode(frames, ntsc), ntsc)).toBe(frames);
    }
    expect(() => parseTimecode('1:00:00', ntsc)).toThrow(SyntaxError);
  });
  it('writes and reads drop-frame timecode at 29.97 and 59.94, and only there', () => {
    const ntsc60 = { num: 60000, den: 1001 };
    expect([ntsc, ntsc60].every(isDropFrame)).toBe(true);
    const others = [
      { num: 24000, den: 1001 },
      { num: 25, den: 1 },
      { num: 30, den: 1 },
    ];
    expect(others.some(isDropFrame)).toBe(false);
    // SMPTE 12M's labels: minute 1 starts at ;02, every tenth minute at ;00, an hour at 107,892.
    expect(dropFrameTimecode(1799, ntsc)).toBe('00:00:59;29');
    expect(dropFrameTimecode(1800, ntsc)).toBe('00:01:00;02');
    expect(dropFrameTimecode(17_981, ntsc)).toBe('00:09:59;29');
    expect(dropFrameTimecode(17_982, ntsc)).toBe('00:10:00;00');
    expect(dropFrameTimecode(107_892, ntsc)).toBe('01:00:00;00');
    expect(dropFrameTimecode(3600, ntsc60)).toBe('00:01:00;04');
    expect(dropFrameTimecode(215_784, ntsc60)).toBe('01:00:00;00');
    expect(editorTimecode(1800, ntsc)).toBe('00:01:00;02');
    expect(editorTimecode(1800, { num: 30, den: 1 })).toBe('00:01:00:00');
    expect(editorTimecode(1440, { num: 24000, den: 1001 })).toBe('00:01:00:00');
    for (const rate of [ntsc, ntsc60]) {
      const wrong: number[] = [];
      for (let frames = 0; frames < 300_000; frames += 7) {
        if (parseTimecode(dropFrameTimecode(frames, rate), rate) !== frames) wrong.push(frames);
      }
      expect(wrong).toEqual([]);
    }
    expect(() => parseTimecode('00:01:00;00', ntsc)).toThrow(/dropped label/);
    expect(() => parseTimecode('00:01:00;00', { num: 25, den: 1 })).toThrow(/non-drop/);
    expect(() => dropFrameTimecode(1, { num: 25, den: 1 })).toThrow(RangeError);
  });
});

describe('keptFrames', () => {
  it('gives the render its frames: the summed length is within a frame of the kept time', () => {
    for (const fps of [24000 / 1001, 25, 30000 / 1001, 30]) {
      // Spans at varied times, as gaps between phrases fall, not all on one fraction of a frame.
      let seed = 7;
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
      let t = 0;
      const keep = Array.from({ length: 60 }, () => {
        const start = t + 0.1 + random() * 2;
        t = start + 0.3 + random() * 4;
        return { start, end: t };
      });
      const probe = { fps, variableFrameRate: false, durationS: t + 1 };
      const { rate, spans } = keptFrames(keep, probe);
      expect(spans).toEqual(snapSpans(keep, fps, probe.durationS));
      const frames = spans.reduce((sum, s) => sum + s.end - s.first, 0);
      const wanted = keep.reduce((sum, s) => sum + s.end - s.start, 0);
      expect(Math.abs(framesToSeconds(frames, rate) - wanted)).toBeLessThanOrEqual(
        framesToSeconds(1, rate),
      );
    }
  });
  it('counts a variable-rate source at the rate its render is made at', () => {
    const { rate } = keptFrames([{ start: 0, end: 1 }], {
      fps: 29.4,
      variableFrameRate: true,
      durationS: 2,
    });
    expect(rate).toEqual({ num: 30, den: 1 });
  });
});
