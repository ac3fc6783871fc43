import { describe, expect, it } from 'vitest';
import { clipConfirmationBadge, formatEngagementScore } from './clip.format.ts';

describe('clip card formats (spec 2.9)', () => {
  it('shows "(x/10)" for short clips only', () => {
    expect(formatEngagementScore({ engagement_score: 7, is_long_form: false })).toBe('(7/10)');
    expect(formatEngagementScore({ engagement_score: 7.46, is_long_form: false })).toBe('(7.5/10)');
    expect(formatEngagementScore({ engagement_score: 9, is_long_form: true })).toBeNull();
  });

  it('badges Confirmed green and Unconfirmed yellow', () => {
    expect(clipConfirmationBadge(true)).toEqual({ text: 'Confirmed', tone: 'green' });
    expect(clipConfirmationBadge(false)).toEqual({ text: 'Unconfirmed', tone: 'yellow' });
  });
});
