import { describe, expect, it } from 'vitest';
import {
  editLimitOf,
  fitsInStorage,
  isPaidPlan,
  maxUploadBytesOf,
  storageFullMessage,
  storageLimitBytes,
} from './plan-limits.rules.ts';

const GB = 1024 ** 3;

describe('plan limits (spec 9)', () => {
  it('gives Free 2GB and 10 edits, Standard 10GB and unlimited edits, both 1GB uploads', () => {
    expect(storageLimitBytes('trial')).toBe(2 * GB);
    expect(storageLimitBytes('standard')).toBe(10 * GB);
    expect(editLimitOf('trial')).toBe(10);
    expect(editLimitOf('standard')).toBeNull();
    expect(maxUploadBytesOf('trial')).toBe(GB);
    expect(maxUploadBytesOf('standard')).toBe(GB);
  });
  it('treats a plan it does not know as the free one', () => {
    expect(isPaidPlan('gold')).toBe(false);
    expect(storageLimitBytes('gold')).toBe(2 * GB);
    expect(editLimitOf('')).toBe(10);
  });
});

describe('storage checks', () => {
  it('fits a video that leaves the quota exactly full, not one byte more', () => {
    const check = { subscriptionType: 'trial', usedBytes: GB, limitBytes: 2 * GB };
    expect(fitsInStorage({ ...check, neededBytes: GB })).toBe(true);
    expect(fitsInStorage({ ...check, neededBytes: GB + 1 })).toBe(false);
  });
  it('says what is used, what the video needs, and what to delete or buy', () => {
    expect(
      storageFullMessage({
        subscriptionType: 'trial',
        usedBytes: 1.5 * GB,
        limitBytes: 2 * GB,
        neededBytes: 800 * 1024 ** 2,
      }),
    ).toBe(
      'You are using 1.5 GB of your 2 GB storage, and this 800 MB video does not fit in the 512 MB that is left. Delete video edits you no longer need on the Video edits page to free space, or buy the Standard plan for 10GB of storage.',
    );
    const standard = storageFullMessage({
      subscriptionType: 'standard',
      usedBytes: 10 * GB,
      limitBytes: 10 * GB,
    });
    expect(standard).toBe(
      'You are using 10 GB of your 10 GB storage, and this video does not fit in what is left. Delete video edits you no longer need on the Video edits page to free space.',
    );
  });
});
