import { describe, expect, it } from 'vitest';
import type { EngineClip } from '../edit/clips.ts';
import { clipKeep, clipWindow } from './engine-clip.ts';

const clip = (start: number, end: number): EngineClip => ({
  title: 't',
  description: 'd',
  engagement_score: 5,
  is_long_form: false,
  start,
  end,
  segments: [{ start: 2, end: 3, phrase: 'hi', words: [] }],
});

describe('clip keep spans', () => {
  it('is the clip window minus the gaps to remove', () => {
    expect(
      clipKeep(clip(1, 10), [
        { id: 'gap-1', start: 0, end: 1.5 },
        { id: 'gap-2', start: 4, end: 5 },
        { id: 'gap-3', start: 12, end: 13 },
      ]),
    ).toEqual([
      { start: 1.5, end: 4 },
      { start: 5, end: 10 },
    ]);
  });
  it('falls back to the segments when the clip has no window', () => {
    expect(clipWindow(clip(0, 0))).toEqual({ start: 2, end: 3 });
  });
});
