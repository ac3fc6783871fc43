import { describe, expect, it } from 'vitest';
import { sortClipsByEngagement } from './clip-order.rules.ts';

describe('clip list rules', () => {
  it('sorts clips by engagement score, highest first, without mutating', () => {
    const clips = [
      { id: 'a', engagement_score: 3 },
      { id: 'b', engagement_score: 9 },
      { id: 'c', engagement_score: 3 },
    ];
    expect(sortClipsByEngagement(clips).map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(clips[0]?.id).toBe('a');
  });
});
