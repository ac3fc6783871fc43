import { describe, expect, it } from 'vitest';
import {
  keptLength,
  nextSpanAfter,
  playStart,
  playbackPlan,
  playbackStep,
  preloadTarget,
  spanEntry,
  spanIndexAt,
} from './gap-playback.ts';

const WINDOW = { start: 10, end: 30 };
// The first gap opens the window; gap 2 and 3 touch within 0.1 s and play as one.
const GAPS = [
  { id: 'gap-0', start: 10, end: 11 },
  { id: 'gap-1', start: 14, end: 15.5 },
  { id: 'gap-2', start: 20, end: 21 },
  { id: 'gap-3', start: 21.08, end: 22 },
];
const plan = playbackPlan(WINDOW, GAPS);

describe('playback plan', () => {
  it('plays the window minus the gaps, joining gaps within 0.1 s', () => {
    expect(plan.spans).toEqual([
      { start: 11, end: 14 },
      { start: 15.5, end: 20 },
      { start: 22, end: 30 },
    ]);
    expect(keptLength(plan)).toBeCloseTo(15.5, 10);
  });

  it('plays the whole window when there are no gaps', () => {
    expect(playbackPlan(WINDOW, []).spans).toEqual([WINDOW]);
  });

  it('enters a span 0.01 s after the gap before it, or at the window start', () => {
    expect(spanEntry({ start: 15.5, end: 20 }, plan)).toBe(15.51);
    expect(spanEntry({ start: 10, end: 14 }, playbackPlan(WINDOW, []))).toBe(10);
  });

  it('finds the span at a time by binary search', () => {
    expect(spanIndexAt(plan, 11)).toBe(0);
    expect(spanIndexAt(plan, 14)).toBe(-1);
    expect(spanIndexAt(plan, 25)).toBe(2);
    expect(spanIndexAt(plan, 31)).toBe(-1);
    expect(nextSpanAfter(plan, 14.2)).toEqual({ start: 15.5, end: 20 });
    expect(nextSpanAfter(plan, 23)).toBeNull();
  });
});

describe('playback steps', () => {
  it('plays inside a span and jumps just past a gap', () => {
    expect(playbackStep(plan, 12)).toEqual({ kind: 'play' });
    expect(playbackStep(plan, 14.01)).toEqual({ kind: 'jump', to: 15.51 });
    // A frame before the span's end already jumps, so no frame of the gap shows.
    expect(playbackStep(plan, 13.99)).toEqual({ kind: 'jump', to: 15.51 });
    expect(playbackStep(plan, 20.5)).toEqual({ kind: 'jump', to: 22.01 });
  });

  it('skips a gap at the window start and stops at its end', () => {
    expect(playbackStep(plan, 10)).toEqual({ kind: 'jump', to: 11.01 });
    expect(playbackStep(plan, 29.99)).toEqual({ kind: 'end', to: 11.01 });
    expect(playbackStep(playbackPlan(WINDOW, [{ start: 10, end: 30 }]), 12)).toEqual({
      kind: 'end',
      to: 10,
    });
  });

  it('starts playing where it stands, or at the next span', () => {
    expect(playStart(plan, 12)).toBe(12);
    expect(playStart(plan, 14.5)).toBe(15.51);
    expect(playStart(plan, 30)).toBe(11.01);
  });

  it('keeps the second player waiting at the next span', () => {
    expect(preloadTarget(plan, 12)).toBe(15.51);
    expect(preloadTarget(plan, 14.5)).toBe(15.51);
    expect(preloadTarget(plan, 16)).toBe(22.01);
    expect(preloadTarget(plan, 25)).toBeNull();
  });
});
