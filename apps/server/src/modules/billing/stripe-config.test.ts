import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config-env.ts';
import { loadConfig } from '../../config.ts';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PRICE_ID: 'price_abc123',
};

describe('Stripe settings', () => {
  it('leave payments off when none is set (the embedded default)', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: '  ' }).stripe).toBeUndefined();
  });

  it('turn payments on with all three, and aim the client at a test API base', () => {
    expect(loadConfig({ ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111/' }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      priceId: 'price_abc123',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('name the missing one when only some are set', () => {
    const attempt = () =>
      loadConfig({ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY, STRIPE_PRICE_ID: 'price_1' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /^Invalid environment variable STRIPE_WEBHOOK_SECRET: expected a Stripe webhook signing secret \(whsec_…\): STRIPE_SECRET_KEY and STRIPE_PRICE_ID are set/,
    );
  });

  it('catch values put in the wrong variable, without printing the secret', () => {
    const swapped = () =>
      loadConfig({
        ...STRIPE,
        STRIPE_SECRET_KEY: 'price_abc123',
        STRIPE_PRICE_ID: 'sk_test_abc123',
      });
    expect(swapped).toThrow(/STRIPE_SECRET_KEY: expected a Stripe secret key/);
    expect(swapped).not.toThrow(/abc123/);
    expect(() => loadConfig({ ...STRIPE, STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
  });
});
