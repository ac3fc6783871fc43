import { describe, expect, it } from 'vitest';
import {
  EXPORT_LIMIT_MESSAGES,
  EXPORT_RETRY_AFTER_S,
  RetryLaterError,
  createExportSlots,
} from './exports.slots.ts';

const refusalOf = (take: () => unknown): RetryLaterError => {
  try {
    take();
  } catch (error) {
    if (error instanceof RetryLaterError) return error;
    throw error;
  }
  throw new Error('the slot was given');
};

describe('export slots', () => {
  it('gives a user 2 at once and refuses a third with 429 and a time to wait', () => {
    const slots = createExportSlots();
    slots.take('ann');
    slots.take('ann');
    const refused = refusalOf(() => slots.take('ann'));
    expect(refused.statusCode).toBe(429);
    expect(refused.retryAfterS).toBe(EXPORT_RETRY_AFTER_S);
    expect(refused.message).toBe(EXPORT_LIMIT_MESSAGES.perUser);
  });

  it('counts each user apart', () => {
    const slots = createExportSlots();
    slots.take('ann');
    slots.take('ann');
    expect(() => slots.take('bob')).not.toThrow();
  });

  it('frees a slot once, however often it is given back', () => {
    const slots = createExportSlots();
    const free = slots.take('ann');
    slots.take('ann');
    free();
    free();
    slots.take('ann');
    expect(() => slots.take('ann')).toThrow(RetryLaterError);
  });
});
