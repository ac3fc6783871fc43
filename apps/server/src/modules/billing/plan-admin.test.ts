import { describe, expect, it } from 'vitest';
import {
  ADMIN_USAGE,
  AdminCommandError,
  describePlanChange,
  parseAdminArgs,
} from './plan-admin.ts';

describe('parseAdminArgs', () => {
  it('reads plan <user> <plan>, the plan in any case', () => {
    expect(parseAdminArgs(['plan', 'ada@example.com', 'Standard'])).toEqual({
      kind: 'plan',
      login: 'ada@example.com',
      plan: 'standard',
    });
    expect(parseAdminArgs(['plan', 'ada', 'trial']).plan).toBe('trial');
  });

  it('prints the usage for anything else, and names a plan it does not know', () => {
    for (const args of [[], ['plan'], ['plan', 'ada'], ['users'], ['plan', 'ada', 'trial', 'x']])
      expect(() => parseAdminArgs(args)).toThrow(ADMIN_USAGE);
    expect(() => parseAdminArgs(['plan', 'ada', 'gold'])).toThrow(AdminCommandError);
    expect(() => parseAdminArgs(['plan', 'ada', 'gold'])).toThrow(/Unknown plan "gold"/);
  });
});

describe('describePlanChange', () => {
  const change = {
    email: 'ada@example.com',
    username: 'ada',
    previous: 'trial',
    plan: 'standard' as const,
    stripeSubscriptionId: null,
  };
  it('says what changed', () => {
    expect(describePlanChange(change)).toBe(
      'ada <ada@example.com> is now on the standard plan (was trial).',
    );
    expect(describePlanChange({ ...change, previous: 'standard' })).toBe(
      'ada <ada@example.com> was already on the standard plan.',
    );
  });
  it('warns that a Stripe subscription keeps billing a user set back to trial', () => {
    expect(
      describePlanChange({
        ...change,
        previous: 'standard',
        plan: 'trial',
        stripeSubscriptionId: 'sub_1',
      }),
    ).toMatch(/Stripe subscription sub_1 still bills this user/);
  });
});
