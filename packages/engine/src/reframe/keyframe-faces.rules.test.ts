import { describe, expect, it } from 'vitest';
import { fillBetween, interpolateFaces, pairFaces } from './keyframe-faces.rules.ts';
import type { FacePlace } from './keyframe-faces.rules.ts';

const W = 400;
const at = (cx: number): FacePlace => ({ cx, cy: 100, width: 50, height: 60, score: 0.9 });

describe('pairFaces', () => {
  it('pairs near faces and refuses a jump or a change of count', () => {
    expect(pairFaces([at(100), at(300)], [at(305), at(110)], W)).toEqual([
      [at(100), at(110)],
      [at(300), at(305)],
    ]);
    expect(pairFaces([at(100)], [at(300)], W)).toBeNull();
    expect(pairFaces([at(100)], [at(100), at(300)], W)).toBeNull();
  });

  it('interpolates paired faces', () => {
    const pairs = pairFaces([at(100)], [at(120)], W)!;
    expect(interpolateFaces(pairs, 0.25)[0]!.cx).toBe(105);
  });
});

describe('fillBetween', () => {
  it('detects only the keyframes while the faces agree', async () => {
    const truth = [100, 102, 104, 106, 108].map((x) => [at(x)]);
    const found: (FacePlace[] | undefined)[] = [
      truth[0],
      undefined,
      undefined,
      undefined,
      truth[4],
    ];
    const asked: number[] = [];
    await fillBetween(found, 0, 4, W, (i) => {
      asked.push(i);
      return Promise.resolve(truth[i]!);
    });
    expect(asked).toEqual([]);
    expect(found.map((f) => f![0]!.cx)).toEqual([100, 102, 104, 106, 108]);
  });

  it('bisects to the frame where a face jumps', async () => {
    const truth = [100, 100, 100, 300, 300].map((x) => [at(x)]);
    const found: (FacePlace[] | undefined)[] = [
      truth[0],
      undefined,
      undefined,
      undefined,
      truth[4],
    ];
    const asked: number[] = [];
    await fillBetween(found, 0, 4, W, (i) => {
      asked.push(i);
      return Promise.resolve(truth[i]!);
    });
    expect(asked).toEqual([2, 3]);
    expect(found.map((f) => f![0]!.cx)).toEqual([100, 100, 100, 300, 300]);
  });
});
