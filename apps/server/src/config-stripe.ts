// Card payments through Stripe (STRIPE_* variables): all three settings, or none.
import { ConfigError } from './config-env.ts';
import type { EnvVars } from './config-env.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Where the Stripe API is reached; unset = api.stripe.com (tests point it at a fake). */
  apiBase: string | undefined;
};

const STRIPE_VARIABLES = [
  ['STRIPE_SECRET_KEY', /^(sk|rk)_[A-Za-z0-9_]+$/, 'a Stripe secret key (sk_live_… or sk_test_…)'],
  ['STRIPE_WEBHOOK_SECRET', /^whsec_[A-Za-z0-9_]+$/, 'a Stripe webhook signing secret (whsec_…)'],
  ['STRIPE_PRICE_ID', /^price_[A-Za-z0-9_]+$/, 'a Stripe price id (price_…)'],
] as const;

/** All three Stripe settings or none: a half-configured checkout would take money and not upgrade. */
export function parseStripeSettings(parsed: EnvVars): StripeSettings | undefined {
  const present = STRIPE_VARIABLES.filter(([name]) => parsed[name] !== undefined);
  if (present.length === 0) return undefined;
  for (const [name, pattern, what] of STRIPE_VARIABLES) {
    const value = parsed[name];
    if (value === undefined) {
      throw new ConfigError(
        name,
        `expected ${what}: ${present.map(([n]) => n).join(' and ')} ${present.length === 1 ? 'is' : 'are'} set, and payments need STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID together (or none of them)`,
      );
    }
    if (!pattern.test(value)) throw new ConfigError(name, `expected ${what}`);
  }
  return {
    secretKey: parsed.STRIPE_SECRET_KEY ?? '',
    webhookSecret: parsed.STRIPE_WEBHOOK_SECRET ?? '',
    priceId: parsed.STRIPE_PRICE_ID ?? '',
    apiBase: parsed.STRIPE_API_BASE?.replace(/\/+$/, ''),
  };
}
