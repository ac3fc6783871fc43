import { MAX_ENGAGEMENT_SCORE } from '@roughcut/shared';
import { roundTo } from '../../lib/time.format.ts';

/**
 * The clip card's engagement score "(x/10)", shown only for short (non-long-form) clips.
 * Fractional scores keep one decimal.
 */
export const formatEngagementScore = (clip: {
  engagement_score: number;
  is_long_form: boolean;
}): string | null =>
  clip.is_long_form ? null : `(${roundTo(clip.engagement_score, 1)}/${MAX_ENGAGEMENT_SCORE})`;

/** The clip card's badge: Confirmed (green) or Unconfirmed (yellow). */
export const clipConfirmationBadge = (
  confirmed: boolean,
): { text: 'Confirmed' | 'Unconfirmed'; tone: 'green' | 'yellow' } =>
  confirmed ? { text: 'Confirmed', tone: 'green' } : { text: 'Unconfirmed', tone: 'yellow' };
