import { describe, expect, it } from 'vitest';
import {
  TOUCH_TARGET_PX,
  gapToSelect,
  grabRadiusPx,
  isDragging,
  pinchView,
  selectedGap,
  startPinch,
} from './timeline-touch.rules.ts';
import { timeToPixel } from './timeline.rules.ts';

const GAPS = [
  { id: 'gap-0', start: 1, end: 2 },
  { id: 'gap-1', start: 5, end: 6 },
];

describe('touch on the timeline', () => {
  it('grabs an edge within half a 44 px target by finger, a few pixels by mouse', () => {
    expect(TOUCH_TARGET_PX).toBeGreaterThanOrEqual(44);
    expect(grabRadiusPx('touch')).toBe(22);
    expect(grabRadiusPx('mouse')).toBe(6);
    expect(grabRadiusPx('pen')).toBe(6);
  });

  it('tells a tap from a drag only for a finger', () => {
    expect(isDragging('touch', 5)).toBe(false);
    expect(isDragging('touch', -8)).toBe(true);
    expect(isDragging('mouse', 1)).toBe(true);
  });

  it('selects the gap under a tap, none elsewhere, and forgets a gap no longer cut', () => {
    expect(gapToSelect(GAPS, 5.5)).toBe('gap-1');
    expect(gapToSelect(GAPS, 3)).toBeNull();
    expect(selectedGap(GAPS, 'gap-0')).toEqual(GAPS[0]);
    expect(selectedGap(GAPS, 'gap-7')).toBeNull();
    expect(selectedGap(GAPS, null)).toBeNull();
  });
});

describe('pinch to zoom', () => {
  // 100 s on 1000 px at 1x.
  const view = { duration: 100, zoom: 1, viewportStart: 0 };

  it('zooms by the ratio the fingers spread, keeping the time between them in place', () => {
    const pinch = startPinch(view, { x: 400, y: 50 }, { x: 600, y: 50 }, 1000);
    expect(pinch.anchor).toBe(50);
    const next = pinchView(pinch, { x: 300, y: 50 }, { x: 700, y: 50 }, 1000);
    expect(next.zoom).toBe(2);
    expect(timeToPixel(50, next, 1000)).toBeCloseTo(500, 6);
  });

  it('pans with the fingers and zooms around an off-centre pinch', () => {
    const pinch = startPinch(view, { x: 150, y: 0 }, { x: 250, y: 0 }, 1000);
    expect(pinch.anchor).toBe(20);
    const spread = pinchView(pinch, { x: 100, y: 0 }, { x: 300, y: 0 }, 1000);
    expect(spread.zoom).toBe(2);
    expect(timeToPixel(20, spread, 1000)).toBeCloseTo(200, 6);
    const moved = pinchView(pinch, { x: 200, y: 0 }, { x: 400, y: 0 }, 1000);
    expect(timeToPixel(20, moved, 1000)).toBeCloseTo(300, 6);
  });

  it('stays within 1x to 10x and inside the video', () => {
    const pinch = startPinch(view, { x: 490, y: 0 }, { x: 510, y: 0 }, 1000);
    expect(pinchView(pinch, { x: 0, y: 0 }, { x: 1000, y: 0 }, 1000).zoom).toBe(10);
    expect(pinchView(pinch, { x: 499, y: 0 }, { x: 501, y: 0 }, 1000)).toEqual(view);
    const zero = startPinch(view, { x: 500, y: 0 }, { x: 500, y: 0 }, 1000);
    expect(pinchView(zero, { x: 400, y: 0 }, { x: 600, y: 0 }, 1000).zoom).toBe(1);
  });
});
