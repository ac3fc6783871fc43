import { describe, expect, it } from 'vitest';
import {
  checkoutSessionFormSchema,
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
