import { describe, expect, it } from 'vitest';
import type { FramingPlan } from '@roughcut/shared';
import type { ClipFramingSource } from './clip-framing.rules.ts';
import { currentFramingPlan, framingResponse, needsFramingPlan } from './clip-framing.rules.ts';

const PLAN: FramingPlan = { mode: 'follow', path: [{ t: 1, cx: 0.3 }] };
const followed: ClipFramingSource = {
  isLongForm: false,
  reframe: 'follow',
  startS: 1,
  endS: 9,
  framing: { asked: 'follow', startS: 1, endS: 9, plan: PLAN },
};

describe('the framing plan of a clip', () => {
  it('is the stored plan while it was planned for the clip framing and window', () => {
    expect(currentFramingPlan(followed)).toEqual(PLAN);
    expect(needsFramingPlan(followed)).toBe(false);
    expect(framingResponse(followed)).toEqual({ state: 'ready', plan: PLAN });
  });
  it('is pending again after the window moved or the framing changed', () => {
    for (const clip of [
      { ...followed, endS: 8 },
      { ...followed, startS: 2 },
      { ...followed, reframe: 'split' as const },
      { ...followed, framing: null },
    ]) {
      expect(needsFramingPlan(clip)).toBe(true);
      expect(framingResponse(clip)).toEqual({ state: 'pending', plan: null });
    }
  });
  it('needs no plan for centre or long form, which frame at once', () => {
    for (const clip of [
      { ...followed, reframe: 'centre' as const },
      { ...followed, isLongForm: true, framing: null },
    ]) {
      expect(needsFramingPlan(clip)).toBe(false);
      expect(framingResponse(clip)).toEqual({ state: 'ready', plan: { mode: 'centre' } });
    }
  });
});
