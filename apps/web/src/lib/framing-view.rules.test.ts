import { describe, expect, it } from 'vitest';
import {
  centreCropRect,
  coverPosition,
  followCropRect,
  framingViewAt,
  previewFraming,
  splitCropRect,
} from './framing-view.rules.ts';

const HD = { width: 1280, height: 720 };
const PATH = [
  { t: 2, cx: 0.3 },
  { t: 4, cx: 0.7 },
  { t: 6, cx: 0.7 },
];

describe('crop rectangles', () => {
  it('crops a 16:9 picture to the 9:16 frame at full height', () => {
    const crop = centreCropRect(HD);
    expect(crop.height).toBe(1);
    expect(crop.width * 1280).toBeCloseTo(405, 6);
    expect(crop.x).toBeCloseTo((1 - crop.width) / 2, 10);
  });
  it('moves the follow crop with the path and keeps it inside the picture', () => {
    const crop = followCropRect(PATH, 3, HD);
    expect(crop.x + crop.width / 2).toBeCloseTo(0.5, 10);
    expect(followCropRect([{ t: 0, cx: 0.02 }], 1, HD).x).toBe(0);
    const right = followCropRect([{ t: 0, cx: 0.99 }], 1, HD);
    expect(right.x + right.width).toBeCloseTo(1, 10);
  });
  it('places each split crop around its person at 60% of the height, 9:8', () => {
    const crop = splitCropRect({ cx: 0.25, cy: 0.5 }, HD);
    expect(crop.height).toBeCloseTo(0.6, 10);
    expect((crop.width * 1280) / (crop.height * 720)).toBeCloseTo(9 / 8, 6);
    expect(crop.x + crop.width / 2).toBeCloseTo(0.25, 10);
    expect(crop.y).toBeCloseTo(0.2, 10);
  });
  it('views a split as two stacked crops, top first', () => {
    const view = framingViewAt(
      {
        mode: 'split',
        places: [
          { cx: 0.2, cy: 0.5 },
          { cx: 0.8, cy: 0.5 },
        ],
      },
      0,
      HD,
    );
    expect(view.layout).toBe('stacked');
    if (view.layout !== 'stacked') return;
    expect(view.crops[0].x).toBeLessThan(view.crops[1].x);
  });
});

describe('coverPosition', () => {
  it('says how much of the overflow lies before the crop', () => {
    expect(coverPosition({ x: 0, y: 0, width: 0.3, height: 1 })).toBe('0.000% 50.000%');
    expect(coverPosition({ x: 0.7, y: 0, width: 0.3, height: 1 })).toBe('100.000% 50.000%');
    expect(coverPosition({ x: 0.35, y: 0, width: 0.3, height: 1 })).toBe('50.000% 50.000%');
  });
});

describe('previewFraming', () => {
  const ready = { state: 'ready', plan: { mode: 'follow', path: PATH } } as const;
  it("uses the plan of the framing shown once it is ready (a split's may be a follow)", () => {
    expect(previewFraming({ shown: 'follow', framing: ready })).toEqual({
      plan: ready.plan,
      finding: false,
    });
    expect(previewFraming({ shown: 'split', framing: ready })).toEqual({
      plan: ready.plan,
      finding: false,
    });
  });
  it('shows the centre crop while the speaker is being found', () => {
    const pending = { state: 'pending', plan: null } as const;
    expect(previewFraming({ shown: 'split', framing: pending })).toEqual({
      plan: { mode: 'centre' },
      finding: true,
    });
    expect(previewFraming({ shown: 'follow', framing: undefined }).finding).toBe(true);
  });
  it('shows the centre crop for centre, whatever plan it is given', () => {
    expect(previewFraming({ shown: 'centre', framing: ready })).toEqual({
      plan: { mode: 'centre' },
      finding: false,
    });
    expect(previewFraming({ shown: 'centre', framing: undefined }).finding).toBe(false);
  });
});
