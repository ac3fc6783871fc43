import { describe, expect, it } from 'vitest';
import {
  MIN_RULER_LABELS,
  rulerLabelStep,
  rulerLabelTimes,
  rulerLabelsFor,
} from './timeline-ruler.rules.ts';
import { formatClipTime } from '../../lib/time.format.ts';

describe('ruler labels (issue 33)', () => {
  it('keeps the spec spacing when it gives 5 labels with room', () => {
    // 150 s at 1x on 1200 px: 8 px a second, 30 s apart (SPEC 9 below 1.5x).
    expect(rulerLabelStep(30, 0, 150, 8, 40)).toBe(30);
    // 20 s at 5x on 1000 px: 1 s apart.
    expect(rulerLabelStep(1, 0, 20, 50, 40)).toBe(1);
  });

  it('adds finer labelled ticks, dividing the spacing, when it gives fewer than 5', () => {
    // 12.5 s at 1x on 1000 px: 30 s would label only 0:00.
    const step = rulerLabelStep(30, 0, 12.5, 80, 38);
    expect(step).toBe(2);
    expect(30 % step).toBe(0);
    // 10x on the same clip: 1.25 s shown, 0.5 s (SPEC 9) labels 2 at most.
    expect(rulerLabelStep(0.5, 5, 6.25, 800, 50)).toBe(0.1);
  });

  it('labels a multiple of the spacing when its labels would overlap (a long clip)', () => {
    // One hour at 1x on 1000 px: 30 s markers are 8 px apart.
    const step = rulerLabelStep(30, 0, 3600, 1000 / 3600, 56);
    expect(step).toBe(300);
    expect(step % 30).toBe(0);
  });

  it('labels at least 5 ticks at every zoom of a short and a long clip, on a desktop and a phone', () => {
    for (const duration of [6, 12.5, 45, 300, 3600]) {
      for (const width of [358, 1100]) {
        for (let zoom = 1; zoom <= 10; zoom *= 1.1) {
          const { step, labels, decimals } = rulerLabelsFor(
            { duration, zoom, viewportStart: 0 },
            width,
          );
          expect(labels.length, `${duration} s, ${width} px, ${zoom}x`).toBeGreaterThanOrEqual(
            MIN_RULER_LABELS,
          );
          // Labels never crowd: each has room for its text (about 5.3 px a character).
          const room = formatClipTime(labels.at(-1) ?? 0, decimals).length * 5.3 + 7;
          expect((step * width * zoom) / duration).toBeGreaterThanOrEqual(room);
        }
      }
    }
  });

  it('lists the labelled times, each with room for its label before the end', () => {
    expect(rulerLabelTimes(2, 0, 12.5, 80, 38)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(rulerLabelTimes(2, 0, 12.2, 80, 38)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(rulerLabelTimes(0.1, 5.04, 5.3, 800, 50)).toEqual([5.1, 5.2]);
  });

  it('measures the labels with the given measure, tenths only below a second', () => {
    const view = { duration: 12.5, zoom: 10, viewportStart: 5 };
    const { step, labels, decimals } = rulerLabelsFor(view, 1000, (t) => t.length * 7);
    expect(step).toBe(0.1);
    expect(decimals).toBe(1);
    expect(labels.length).toBeGreaterThanOrEqual(MIN_RULER_LABELS);
    expect(rulerLabelsFor({ duration: 12.5, zoom: 1, viewportStart: 0 }, 1000).decimals).toBe(0);
  });
});
