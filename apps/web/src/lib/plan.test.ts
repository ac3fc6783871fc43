import { describe, expect, it } from 'vitest';
import { PLANS } from '@roughcut/shared';
import { editsRemainingLabel } from './create-edit.rules.ts';
import {
  describeSubscription,
  planFeatures,
  usagePercent,
  remainingTrialEdits,
  trialNotice,
} from './plan.ts';

describe('trial notice', () => {
  it('counts 10 minus download_count, never below zero', () => {
    expect(remainingTrialEdits(0)).toBe(10);
    expect(remainingTrialEdits(9)).toBe(1);
    expect(remainingTrialEdits(10)).toBe(0);
    expect(remainingTrialEdits(14)).toBe(0);
  });
  it('uses the plural except for exactly one', () => {
    expect(editsRemainingLabel(10)).toBe('10 edits remaining');
    expect(editsRemainingLabel(2)).toBe('2 edits remaining');
    expect(editsRemainingLabel(1)).toBe('1 edit remaining');
    expect(editsRemainingLabel(0)).toBe('0 edits remaining');
  });
  it('is shown to trial users only', () => {
    expect(trialNotice({ subscription_type: 'trial', download_count: 3 })).toBe(
      '7 edits remaining',
    );
    expect(trialNotice({ subscription_type: 'trial', download_count: 9 })).toBe('1 edit remaining');
    expect(trialNotice({ subscription_type: 'standard', download_count: 3 })).toBeNull();
    expect(trialNotice({ subscription_type: 'enterprise', download_count: 0 })).toBeNull();
    expect(trialNotice(undefined)).toBeNull();
  });
});

describe('describeSubscription', () => {
  it('names the known plans and flags anything else', () => {
    expect(describeSubscription('trial')).toBe('Trial');
    expect(describeSubscription('standard')).toBe('Standard');
    expect(describeSubscription('gold')).toBe('invalid_subscription_type');
    expect(describeSubscription(undefined)).toBe('invalid_subscription_type');
  });
});

describe('plan facts', () => {
  it('words the Standard tier as the spec does', () => {
    expect(planFeatures(PLANS.standard)).toEqual([
      '1GB maximum video upload size',
      '10GB storage',
      'Edit unlimited videos',
      '24-hour support response time',
    ]);
  });
  it('fills the usage bar proportionally, never past full', () => {
    expect(usagePercent(0, 2)).toBe(0);
    expect(usagePercent(1, 4)).toBe(25);
    expect(usagePercent(9, 4)).toBe(100);
    expect(usagePercent(1, 0)).toBe(100);
  });
});
