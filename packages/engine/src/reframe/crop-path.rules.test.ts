import { framingCentreAt } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { chooseSubject, followPath, patchDifference, splitPlaces } from './crop-path.rules.ts';
import type { FaceSample } from './crop-path.rules.ts';

const CROP = 0.32;
const times = (n: number, fps = 4) => Array.from({ length: n }, (_, i) => i / fps);
const face = (cx: number, mouthMove = 0) => ({ cx, cy: 0.5, width: 0.1, mouthMove });

describe('followPath', () => {
  it('stays still while the face wobbles inside the dead zone', () => {
    const wobble = times(40).map((_, i) => 0.3 + (i % 2 ? 0.01 : -0.01));
    const path = followPath(times(40), wobble, CROP);
    expect(new Set(path.map((p) => p.cx)).size).toBe(1);
    expect(path[0]!.cx).toBeCloseTo(0.29, 5);
  });

  it('cuts to a face that jumped beyond the crop, halfway between the samples', () => {
    const subject = times(40).map((t) => (t < 5 ? 0.25 : 0.75));
    const path = followPath(times(40), subject, CROP);
    expect(framingCentreAt(path, 4.86)).toBeCloseTo(0.25, 5);
    expect(framingCentreAt(path, 4.88)).toBeCloseTo(0.75, 5);
    expect(framingCentreAt(path, 5)).toBeCloseTo(0.75, 5);
  });

  it('eases a shorter move over several samples and then holds still', () => {
    const subject = times(40).map((t) => (t < 5 ? 0.4 : 0.5));
    const path = followPath(times(40), subject, CROP);
    const steps = path.slice(1).map((p, i) => Math.abs(p.cx - path[i]!.cx));
    const moving = steps.filter((d) => d > 0);
    expect(moving.length).toBeGreaterThan(2);
    expect(Math.max(...steps)).toBeLessThan(0.1 * 0.6);
    expect(path[path.length - 1]!.cx).toBeCloseTo(0.5, 1);
    expect(steps.slice(-10).every((d) => d === 0)).toBe(true);
  });

  it('keeps the crop inside the frame and returns to the centre when the face is gone', () => {
    const subject = times(40).map((t) => (t < 2 ? 0.02 : null));
    const path = followPath(times(40), subject, CROP);
    expect(path[0]!.cx).toBeCloseTo(CROP / 2, 5);
    expect(path[path.length - 1]!.cx).toBeCloseTo(0.5, 1);
  });
});

describe('chooseSubject', () => {
  const twoTalking = (switchAt: number, n = 60): FaceSample[] =>
    times(n).map((t) => ({
      timeS: t,
      faces: [face(0.2, t < switchAt ? 10 : 0), face(0.8, t < switchAt ? 0 : 10)],
    }));

  it('follows the face whose mouth moves, switching where the other one starts talking', () => {
    const subject = chooseSubject(twoTalking(7));
    const times4 = times(60);
    expect(subject[times4.indexOf(6.75)]).toBe(0.2);
    expect(subject[times4.indexOf(7)]).toBe(0.8);
  });

  it('ignores a lead shorter than the hold (no flicker to a cough)', () => {
    const samples = twoTalking(100).map((s, i) =>
      i === 20 ? { ...s, faces: [face(0.2, 0), face(0.8, 40)] } : s,
    );
    const subject = chooseSubject(samples);
    expect(subject.every((x) => x === 0.2)).toBe(true);
  });

  it('counts mouth movement only while there is speech', () => {
    const samples = twoTalking(5, 40);
    const subject = chooseSubject(samples, [{ start: 0, end: 4 }]);
    expect(subject[36]).toBe(0.2);
  });
});

describe('splitPlaces and helpers', () => {
  it('finds the two lasting faces, left first; none when one face is there', () => {
    const two = times(20).map((t) => ({ timeS: t, faces: [face(0.8), face(0.2)] }));
    expect(splitPlaces(two)!.map((p) => p.cx)).toEqual([0.2, 0.8]);
    const one = times(20).map((t) => ({ timeS: t, faces: [face(0.5)] }));
    expect(splitPlaces(one)).toBeNull();
  });

  it('interpolates the path and measures patch change', () => {
    const path = [
      { t: 0, cx: 0.2 },
      { t: 1, cx: 0.4 },
    ];
    expect(framingCentreAt(path, 0.5)).toBeCloseTo(0.3, 6);
    expect(framingCentreAt(path, 5)).toBe(0.4);
    expect(patchDifference([0, 10], [2, 6])).toBe(3);
  });
});
