import { describe, expect, it } from 'vitest';
import { subtractSpans } from '../vad/evidence-spans.ts';
import { spanIndex } from './span-index.ts';

const span = (start: number, end: number) => ({ start, end });

describe('spanIndex', () => {
  const index = spanIndex([span(5, 6), span(0, 1), span(2, 4.5), span(4, 4.2)]);

  it('finds the spans overlapping a window, by start, a long one reaching in from before', () => {
    expect(index.overlapping(span(4.1, 5.5))).toEqual([span(2, 4.5), span(4, 4.2), span(5, 6)]);
    expect(index.overlapping(span(1, 2))).toEqual([]);
  });

  it('finds the spans starting in a range, the first from a time and the last ending by one', () => {
    expect(index.startingWithin(2, 5)).toEqual([span(2, 4.5), span(4, 4.2), span(5, 6)]);
    expect(index.firstStartingFrom(2.1)).toEqual(span(4, 4.2));
    expect(index.firstStartingFrom(7)).toBeUndefined();
    expect(index.lastEndingBy(4.3)).toEqual(span(4, 4.2));
    expect(index.lastEndingBy(4.1)).toEqual(span(0, 1));
    expect(index.lastEndingBy(0.5)).toBeUndefined();
  });
});

describe('subtractSpans', () => {
  it('cuts each span by the holes over it, in any order, touching ones as one', () => {
    const holes = [span(6, 7), span(1, 2), span(2, 3)];
    expect(subtractSpans([span(0, 4), span(5, 8), span(9, 10)], holes)).toEqual([
      span(0, 1),
      span(3, 4),
      span(5, 6),
      span(7, 8),
      span(9, 10),
    ]);
  });

  it('splits at an empty hole inside a span but not at one on its edge, as before', () => {
    expect(subtractSpans([span(0, 4)], [span(2, 2)])).toEqual([span(0, 2), span(2, 4)]);
    expect(subtractSpans([span(0, 4)], [span(0, 0), span(4, 4)])).toEqual([span(0, 4)]);
    expect(subtractSpans([span(0, 4)], [span(0, 4)])).toEqual([]);
  });
});
