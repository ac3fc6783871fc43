import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../types.ts';
import { keyframeFrames, planSmartCut, smartCutBlocker } from './smart-cut-parts.ts';

const probe = {
  videoCodec: 'h264',
  variableFrameRate: false,
  rotation: 0,
  keyframes: [0, 2, 4],
} as ProbeResult;

describe('smartCutBlocker', () => {
  it('allows constant-rate, unrotated H.264 with keyframes and no subtitles', () => {
    expect(smartCutBlocker(probe, false)).toBeNull();
  });
  it('names the reason to fall back to a full encode', () => {
    expect(smartCutBlocker(probe, true)).toMatch(/subtitles/);
    expect(smartCutBlocker({ ...probe, videoCodec: 'hevc' }, false)).toMatch(/hevc/);
    expect(smartCutBlocker({ ...probe, variableFrameRate: true }, false)).toMatch(/variable/);
    expect(smartCutBlocker({ ...probe, rotation: 90 }, false)).toMatch(/rotation/);
    expect(smartCutBlocker({ ...probe, keyframes: [] }, false)).toMatch(/keyframe/);
    expect(smartCutBlocker({ ...probe, openGop: true }, false)).toMatch(/open GOP/);
    expect(smartCutBlocker({ ...probe, fps: 30, videoStartS: 0.4 }, false)).toMatch(/starts after/);
  });
  it('lets a picture that starts within half a frame of 0 be copied', () => {
    expect(smartCutBlocker({ ...probe, fps: 30, videoStartS: 0.01 }, false)).toBeNull();
  });
});

describe('planSmartCut', () => {
  const keys = keyframeFrames([0, 1.0000001, 2, 3, 2], 30);
  it('turns keyframe times into sorted unique frames', () => {
    expect(keys).toEqual([0, 30, 60, 90]);
  });
  it('with reordered frames, copies whole GOPs and encodes to the next and from the last keyframe', () => {
    expect(planSmartCut([{ first: 10, end: 75 }], keys, { copyTails: false })).toEqual([
      { kind: 'encode', first: 10, end: 30 },
      { kind: 'copy', first: 30, end: 60 },
      { kind: 'encode', first: 60, end: 75 },
    ]);
  });
  it('without reordering, copies from the first keyframe to the end of the span', () => {
    expect(planSmartCut([{ first: 10, end: 75 }], keys, { copyTails: true })).toEqual([
      { kind: 'encode', first: 10, end: 30 },
      { kind: 'copy', first: 30, end: 75 },
    ]);
    expect(planSmartCut([{ first: 35, end: 70 }], keys, { copyTails: true })).toEqual([
      { kind: 'encode', first: 35, end: 60 },
      { kind: 'copy', first: 60, end: 70 },
    ]);
  });
  it('copies a span that starts and ends on keyframes without encoding', () => {
    for (const copyTails of [true, false]) {
      expect(planSmartCut([{ first: 30, end: 90 }], keys, { copyTails })).toEqual([
        { kind: 'copy', first: 30, end: 90 },
      ]);
    }
  });
  it('encodes a span with no keyframe inside, or (reordered) a single one', () => {
    expect(planSmartCut([{ first: 31, end: 59 }], keys, { copyTails: true })).toEqual([
      { kind: 'encode', first: 31, end: 59 },
    ]);
    expect(planSmartCut([{ first: 35, end: 70 }], keys, { copyTails: false })).toEqual([
      { kind: 'encode', first: 35, end: 60 },
      { kind: 'encode', first: 60, end: 70 },
    ]);
  });
});
