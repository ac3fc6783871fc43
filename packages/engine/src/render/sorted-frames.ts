// Look-ups in sorted frame lists (keyframes, copy ends) by binary search. WARNING (issue 35): a
// scan of every keyframe per kept span made planning a 4-hour talk's smart cut grow with the
// square of its length (thousands of spans times thousands of keyframes).

/** The first of `sorted` at or after `frame`. */
export function firstAtOrAfter(sorted: readonly number[], frame: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] ?? 0) < frame) low = mid + 1;
    else high = mid;
  }
  return sorted[low];
}

/** The last of `sorted` at or before `frame`. */
export function lastAtOrBefore(sorted: readonly number[], frame: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] ?? 0) <= frame) low = mid + 1;
    else high = mid;
  }
  return sorted[low - 1];
}

/** The first keyframe inside [first, end), if any. */
export function keyframeIn(
  keyframes: readonly number[],
  span: { first: number; end: number },
): number | undefined {
  const k = firstAtOrAfter(keyframes, span.first);
  return k !== undefined && k < span.end ? k : undefined;
}

/** The last of `sorted` in [from, to], or `from` when none is. */
export function lastWithin(sorted: readonly number[], from: number, to: number): number {
  const k = lastAtOrBefore(sorted, to);
  return k !== undefined && k >= from ? k : from;
}
