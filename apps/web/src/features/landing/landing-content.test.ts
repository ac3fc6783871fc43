import { describe, expect, it } from 'vitest';
import { PRICING_TIERS } from './landing-content.ts';

describe('pricing tiers', () => {
  it('match SPEC section 9', () => {
    expect(PRICING_TIERS).toMatchObject([
      {
        name: 'Free',
        price: '$0',
        button: 'Start Trial',
        features: [
          '1GB maximum video upload size',
          '2GB storage',
          'Edit up to 10 videos',
          '24-hour support response time',
        ],
      },
      {
        name: 'Standard',
        price: '$5',
        button: 'Sign Up',
        features: [
          '1GB maximum video upload size',
          '10GB storage',
          'Edit unlimited videos',
          '24-hour support response time',
        ],
      },
    ]);
  });
});
