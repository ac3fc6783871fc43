// Issue 21: where the vertical frame's crop lies in the source picture, at a source time, from a
// clip's framing plan. The render (engine) and the preview (web) evaluate the path with the same
// framingCentreAt, so the preview's crop is where the render's is. The preview's crop rectangles
// are the web's (apps/web/src/lib/framing-view.rules.ts).
import type { FramingPathPoint } from '../contracts/framing.contract.ts';

/**
 * The crop centre at source time `t`: linear between path points, the first point's before it and
 * the last one's after it, the centre when there is no path.
 */
export function framingCentreAt(path: readonly FramingPathPoint[], t: number): number {
  if (!path.length) return 0.5;
  if (t <= path[0]!.t) return path[0]!.cx;
  let lo = 0;
  let hi = path.length - 1;
  if (t >= path[hi]!.t) return path[hi]!.cx;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (path[mid]!.t <= t) lo = mid;
    else hi = mid;
  }
  const a = path[lo]!;
  const b = path[hi]!;
  return a.cx + ((b.cx - a.cx) * (t - a.t)) / (b.t - a.t);
}
