import { describe, expect, it } from 'vitest';
import { gapsWithin } from './engine.adapter.ts';

describe("a short clip's detected gaps", () => {
  it('are the silences and fillers inside its window, clipped, renumbered, fillers marked', () => {
    const detected = [
      { start: 0, end: 1.5 },
      { start: 2, end: 2.4, kind: 'filler' as const },
      { start: 3, end: 3.6 },
      { start: 5.95, end: 7 },
    ];
    expect(gapsWithin(detected, 1, 6)).toEqual([
      { id: 'gap-1', start: 1, end: 1.5 },
      { id: 'gap-2', start: 2, end: 2.4, kind: 'filler' },
      { id: 'gap-3', start: 3, end: 3.6 },
    ]);
  });
});
