import { describe, expect, it } from 'vitest';
import { MAX_ACTIVATION_POLLS, planActivation } from './plan-activation.ts';

describe('planActivation', () => {
  it('waits for the webhook, then reports the plan active', () => {
    expect(planActivation(undefined, 0)).toBe('waiting');
    expect(planActivation({ subscription_type: 'trial' }, 3)).toBe('waiting');
    expect(planActivation({ subscription_type: 'standard' }, 3)).toBe('active');
  });
  it('stops waiting after the last poll', () => {
    expect(planActivation({ subscription_type: 'trial' }, MAX_ACTIVATION_POLLS)).toBe('slow');
    expect(planActivation({ subscription_type: 'standard' }, MAX_ACTIVATION_POLLS)).toBe('active');
  });
});
