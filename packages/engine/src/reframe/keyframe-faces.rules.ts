// Which sampled frames the detector must see: one a second (the keyframes), and between two
// keyframes whose faces differ, the middle frame, again and again (bisection), so a jump is
// placed to the sample while a still or slowly moving scene costs one detection a second.
// Between keyframes whose faces agree, each face is placed by interpolation.
import { PATH_RULES } from './crop-path.rules.ts';

export type FacePlace = { cx: number; cy: number; width: number; height: number; score: number };

/** Pairs each face of `a` with the nearest unpaired face of `b` within the same-face distance. */
export function pairFaces(
  a: readonly FacePlace[],
  b: readonly FacePlace[],
  frameWidth: number,
): [FacePlace, FacePlace][] | null {
  if (a.length !== b.length) return null;
  const free = [...b];
  const pairs: [FacePlace, FacePlace][] = [];
  for (const face of a) {
    let best = -1;
    for (let i = 0; i < free.length; i++) {
      const d = Math.abs(free[i]!.cx - face.cx) / frameWidth;
      if (d > PATH_RULES.sameFaceDistance) continue;
      if (best < 0 || d < Math.abs(free[best]!.cx - face.cx) / frameWidth) best = i;
    }
    if (best < 0) return null;
    pairs.push([face, free[best]!]);
    free.splice(best, 1);
  }
  return pairs;
}

/** The faces a share of the way from one keyframe's to the next's (pairs from pairFaces). */
export const interpolateFaces = (
  pairs: readonly [FacePlace, FacePlace][],
  share: number,
): FacePlace[] =>
  pairs.map(([a, b]) => ({
    cx: a.cx + (b.cx - a.cx) * share,
    cy: a.cy + (b.cy - a.cy) * share,
    width: a.width + (b.width - a.width) * share,
    height: a.height + (b.height - a.height) * share,
    score: Math.min(a.score, b.score),
  }));

/**
 * Fills `faces[lo+1..hi-1]`: interpolated where the ends agree, else by detecting the middle frame
 * and filling both halves. `detect(i)` returns frame i's faces.
 */
export async function fillBetween(
  faces: (FacePlace[] | undefined)[],
  lo: number,
  hi: number,
  frameWidth: number,
  detect: (i: number) => Promise<FacePlace[]>,
): Promise<void> {
  if (hi - lo <= 1) return;
  const pairs = pairFaces(faces[lo]!, faces[hi]!, frameWidth);
  if (pairs) {
    for (let i = lo + 1; i < hi; i++) faces[i] = interpolateFaces(pairs, (i - lo) / (hi - lo));
    return;
  }
  const mid = (lo + hi) >> 1;
  faces[mid] = await detect(mid);
  await fillBetween(faces, lo, mid, frameWidth, detect);
  await fillBetween(faces, mid, hi, frameWidth, detect);
}
