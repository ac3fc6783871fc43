import { GAP_THRESHOLD_S } from '@roughcut/shared';

// SPEC section 5 "Gap detection and editing": the detection rule. The engine alone finds gaps;
// the web and the server read the gaps it stored.

export type TimedSpan = { start: number; end: number };
export type DetectedGap = { id: string; start: number; end: number };

/** Values are rounded to 2 decimals (SPEC section 5). */
export const roundTime = (seconds: number): number => Math.round(seconds * 100) / 100 + 0;

export const gapId = (index: number): string => `gap-${index + 1}`;

/**
 * The silences between segments that count as gaps: only those longer than the threshold
 * (0.3 s), including the one before the first segment (from 0) and after the last (to the
 * duration). Segments may come unsorted or overlapping; times are clamped to [0, duration].
 */
export function detectGaps(
  segments: readonly TimedSpan[],
  durationS: number,
  thresholdS: number = GAP_THRESHOLD_S,
): DetectedGap[] {
  const duration = Math.max(0, roundTime(durationS));
  const sorted = segments
    .map((s) => ({
      start: Math.min(duration, Math.max(0, roundTime(s.start))),
      end: Math.min(duration, Math.max(0, roundTime(s.end))),
    }))
    .filter((s) => s.end >= s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const gaps: DetectedGap[] = [];
  const push = (start: number, end: number) => {
    // NOTE: compared in hundredths so 0.3 s itself never counts, whatever the float noise.
    if (Math.round((end - start) * 100) > Math.round(thresholdS * 100)) {
      gaps.push({ id: gapId(gaps.length), start, end });
    }
  };
  let cursor = 0;
  for (const segment of sorted) {
    if (segment.start > cursor) push(cursor, segment.start);
    cursor = Math.max(cursor, segment.end);
  }
  if (duration > cursor) push(cursor, duration);
  return gaps;
}
