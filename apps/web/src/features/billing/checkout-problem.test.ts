import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@roughcut/shared';
import { checkoutProblemNote } from './checkout-problem.ts';

describe('checkoutProblemNote', () => {
  it('explains each reason the server sent the form post back', () => {
    const note = (query: string) => checkoutProblemNote(new URLSearchParams(query));
    expect(note('checkout=not_configured')).toBe(BILLING_MESSAGES.notConfigured);
    expect(note('checkout=unavailable')).toBe(BILLING_MESSAGES.unavailable);
    expect(note('checkout=already_standard')).toBe(BILLING_MESSAGES.alreadyStandard);
  });
  it('shows nothing for no or an unknown reason', () => {
    expect(checkoutProblemNote(new URLSearchParams(''))).toBeNull();
    expect(checkoutProblemNote(new URLSearchParams('checkout=<script>'))).toBeNull();
  });
});
