// Spans sorted once, so each look-up near a time is a binary search instead of a scan of them all
// (issue 35: the scans made finding a 4-hour talk's fillers grow with the square of its length).
import type { Span } from '../types.ts';

export type SpanIndex<T extends Span> = {
  /** Those overlapping `window` (end after its start, start before its end), by start. */
  overlapping(window: Span): T[];
  /** Those starting in [from, to], by start. */
  startingWithin(from: number, to: number): T[];
  /** The first by start whose start is at or after `at`. */
  firstStartingFrom(at: number): T | undefined;
  /** The last by start that ends at or before `at`. */
  lastEndingBy(at: number): T | undefined;
};

export function spanIndex<T extends Span>(spans: readonly T[]): SpanIndex<T> {
  // NOTE: a stable sort: spans already in time order keep their order, as a filter would.
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const longest = sorted.reduce((most, s) => Math.max(most, s.end - s.start), 0);
  /** The first index whose start is at or after `at` (after it: `after`). */
  const lowerBound = (at: number, after = false): number => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const start = sorted[mid]?.start ?? 0;
      if (start < at || (after && start === at)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return {
    overlapping(window) {
      const out: T[] = [];
      for (let i = lowerBound(window.start - longest); i < sorted.length; i++) {
        const span = sorted[i]!;
        if (span.start >= window.end) break;
        if (span.end > window.start) out.push(span);
      }
      return out;
    },
    startingWithin: (from, to) => sorted.slice(lowerBound(from), lowerBound(to, true)),
    firstStartingFrom: (at) => sorted[lowerBound(at)],
    lastEndingBy(at) {
      // NOTE: a span ending by `at` starts by it too; the latest such is nearly always the first.
      for (let i = lowerBound(at, true) - 1; i >= 0; i--) {
        if (sorted[i]!.end <= at) return sorted[i];
      }
      return undefined;
    },
  };
}
