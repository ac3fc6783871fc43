import { describe, expect, it } from 'vitest';
import { cutClock, windowClock } from './clip-clock.ts';

const window = { start: 20, end: 32.5 };
const gaps = [
  { start: 20, end: 20.9 },
  { start: 26.6, end: 27.4 },
];

describe('the clip screen clock', () => {
  it('counts the window from its start, gaps included', () => {
    const clock = windowClock(window);
    expect(clock.total).toBe(12.5);
    expect(clock.at(26.51)).toBeCloseTo(6.51, 10);
    expect(clock.at(10)).toBe(0);
    expect(clock.at(40)).toBe(12.5);
  });

  it('counts the clip as cut: the gaps before a time take nothing', () => {
    const clock = cutClock(window, gaps);
    expect(clock.total).toBeCloseTo(12.5 - 0.9 - 0.8, 10);
    expect(clock.at(20.9)).toBe(0);
    expect(clock.at(26.51)).toBeCloseTo(5.61, 10);
    // Inside a cut gap: where the cut video resumes.
    expect(clock.at(27)).toBeCloseTo(5.7, 10);
    expect(clock.at(28.4)).toBeCloseTo(6.7, 10);
    expect(clock.at(32.5)).toBeCloseTo(clock.total, 10);
  });
});
