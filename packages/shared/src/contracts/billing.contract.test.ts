import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_PROBLEMS,
  billingSummarySchema,
  checkoutProblemSchema,
  checkoutSessionFormSchema,
  describeCheckoutProblem,
  checkoutSessionParamsSchema,
  customerParamsSchema,
  customerResponseSchema,
} from './billing.contract.ts';

describe('billing contracts', () => {
  it('accepts a lower-case provider only', () => {
    expect(checkoutSessionParamsSchema.parse({ provider: 'stripe' })).toEqual({
      provider: 'stripe',
    });
    expect(checkoutSessionParamsSchema.safeParse({ provider: 'Stripe' }).success).toBe(false);
    expect(checkoutSessionParamsSchema.safeParse({ provider: '../x' }).success).toBe(false);
  });

  it('defaults the checkout form to the standard plan', () => {
    expect(checkoutSessionFormSchema.parse({})).toEqual({ plan: 'standard' });
    expect(checkoutSessionFormSchema.safeParse({ plan: 'gold' }).success).toBe(false);
  });

  it('looks up a customer by session id and returns {name}', () => {
    expect(customerParamsSchema.parse({ provider: 'stripe', sessionId: 'cs_1' }).sessionId).toBe(
      'cs_1',
    );
    expect(customerParamsSchema.safeParse({ provider: 'stripe', sessionId: '' }).success).toBe(
      false,
    );
    expect(customerResponseSchema.parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
  });
});

describe('billing summary and checkout problems', () => {
  it('reads the billing page summary, unlimited edits as null', () => {
    const summary = {
      subscription_type: 'standard',
      download_count: 12,
      edit_limit: null,
      edits_remaining: null,
      storage_used_bytes: 1024,
      storage_limit_bytes: 10 * 1024 ** 3,
      max_upload_bytes: 1024 ** 3,
      payments_configured: true,
      provider: 'stripe',
      can_manage_subscription: true,
    };
    expect(billingSummarySchema.parse(summary)).toEqual(summary);
    expect(billingSummarySchema.safeParse({ ...summary, storage_used_bytes: -1 }).success).toBe(
      false,
    );
  });

  it('explains every reason a checkout comes back, and only those', () => {
    for (const problem of CHECKOUT_PROBLEMS)
      expect(describeCheckoutProblem(problem).length).toBeGreaterThan(10);
    expect(checkoutProblemSchema.safeParse('other').success).toBe(false);
  });
});
