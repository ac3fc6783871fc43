import { describe, expect, it } from 'vitest';
import type { FramingPlan } from '@roughcut/shared';
import type { ClipFramingSource } from './clip-framing.rules.ts';
import {
  clipsToFrame,
  currentFramingPlan,
  framingResponse,
  needsFramingPlan,
} from './clip-framing.rules.ts';

const FOLLOW: FramingPlan = { mode: 'follow', path: [{ t: 1, cx: 0.3 }] };
const SPLIT: FramingPlan = {
  mode: 'split',
  places: [
    { cx: 0.2, cy: 0.4 },
    { cx: 0.8, cy: 0.4 },
  ],
};
const followed: ClipFramingSource = {
  isLongForm: false,
  reframe: 'follow',
  startS: 1,
  endS: 9,
  framing: { startS: 1, endS: 9, follow: FOLLOW, split: SPLIT },
};

describe('the framing plan of a clip', () => {
  it("is the stored plan of the clip's framing while planned for its window", () => {
    expect(currentFramingPlan(followed)).toEqual(FOLLOW);
    expect(currentFramingPlan({ ...followed, reframe: 'split' })).toEqual(SPLIT);
    expect(needsFramingPlan(followed)).toBe(false);
    expect(needsFramingPlan({ ...followed, reframe: 'split' })).toBe(false);
    expect(framingResponse(followed)).toEqual({ state: 'ready', plan: FOLLOW });
  });
  it('answers a pick with the plan of the pick, whatever the stored framing', () => {
    const centred = { ...followed, reframe: 'centre' as const };
    expect(framingResponse(centred, 'split')).toEqual({ state: 'ready', plan: SPLIT });
    expect(framingResponse(centred, 'follow')).toEqual({ state: 'ready', plan: FOLLOW });
    expect(framingResponse(followed, 'centre')).toEqual({
      state: 'ready',
      plan: { mode: 'centre' },
    });
    expect(framingResponse({ ...centred, framing: null }, 'follow')).toEqual({
      state: 'pending',
      plan: null,
    });
  });
  it('is pending again after the window moved, for the stored framing and any pick', () => {
    for (const clip of [
      { ...followed, endS: 8 },
      { ...followed, startS: 2 },
      { ...followed, framing: null },
    ]) {
      expect(needsFramingPlan(clip)).toBe(true);
      expect(currentFramingPlan(clip)).toBeNull();
      expect(framingResponse(clip)).toEqual({ state: 'pending', plan: null });
      expect(framingResponse(clip, 'split')).toEqual({ state: 'pending', plan: null });
    }
  });
  it('needs no plan for centre or long form, which frame at once', () => {
    for (const clip of [
      { ...followed, reframe: 'centre' as const, framing: null },
      { ...followed, isLongForm: true, framing: null },
    ]) {
      expect(needsFramingPlan(clip)).toBe(false);
      expect(currentFramingPlan(clip)).toBeNull();
      expect(framingResponse(clip)).toEqual({ state: 'ready', plan: { mode: 'centre' } });
    }
    const longForm = { ...followed, isLongForm: true, framing: null };
    expect(framingResponse(longForm, 'follow')).toEqual({
      state: 'ready',
      plan: { mode: 'centre' },
    });
  });
});

describe('the clips a frame-clips job plans', () => {
  const clips = [
    { ...followed, id: 'planned' },
    { ...followed, id: 'moved', endS: 8 },
    { ...followed, id: 'centred', reframe: 'centre' as const, framing: null },
    { ...followed, id: 'long', isLongForm: true, framing: null },
  ];
  const ids = (list: readonly { id: string }[]) => list.map((c) => c.id);

  it("for the run: each short whose own framing's plans are missing or stale", () => {
    expect(ids(clipsToFrame(clips))).toEqual(['moved']);
  });
  it('for one clip: that short even when centred, unless its plans are current', () => {
    expect(ids(clipsToFrame(clips, 'centred'))).toEqual(['centred']);
    expect(ids(clipsToFrame(clips, 'moved'))).toEqual(['moved']);
    expect(clipsToFrame(clips, 'planned')).toEqual([]);
    expect(clipsToFrame(clips, 'long')).toEqual([]);
    expect(clipsToFrame(clips, 'gone')).toEqual([]);
  });
});
