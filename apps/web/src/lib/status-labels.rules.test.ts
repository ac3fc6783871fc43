import { describe, expect, it } from 'vitest';
import type { JobStatus } from '@roughcut/shared';
import {
  AWAITING_CONFIRMATION_BANNER,
  capitalise,
  clipBulkActions,
  instanceStatusDisplay,
  jobActions,
  jobPageBody,
  listStatusLabel,
} from './status-labels.rules.ts';

const job = (status: JobStatus | null, confirmed?: boolean) => ({
  status,
  job_instance: confirmed === undefined ? null : { status: status ?? 'created', confirmed },
});

describe('listStatusLabel (spec 2.6)', () => {
  it('shows yellow "Awaiting Confirmation" while the user must confirm', () => {
    expect(listStatusLabel(job('awaiting-confirmation', false))).toEqual({
      text: 'Awaiting Confirmation',
      tone: 'yellow',
      pulsing: false,
    });
  });

  it('shows finished in green and failed in red', () => {
    expect(listStatusLabel(job('finished', true))).toEqual({
      text: 'Finished',
      tone: 'green',
      pulsing: false,
    });
    expect(listStatusLabel(job('failed', false))).toEqual({
      text: 'Failed',
      tone: 'red',
      pulsing: false,
    });
  });

  it('pulses blue with the capitalised status while running', () => {
    expect(listStatusLabel(job('processing', false))).toEqual({
      text: 'Processing',
      tone: 'blue',
      pulsing: true,
    });
    expect(listStatusLabel(job('pending', false))).toEqual({
      text: 'Pending',
      tone: 'blue',
      pulsing: true,
    });
    expect(listStatusLabel(job('awaiting-confirmation', true))).toEqual({
      text: 'Awaiting-confirmation',
      tone: 'blue',
      pulsing: true,
    });
  });

  it('capitalises other statuses and shows "--" without one', () => {
    expect(listStatusLabel(job('created'))).toEqual({
      text: 'Created',
      tone: 'plain',
      pulsing: false,
    });
    expect(listStatusLabel(job('cancelled', false)).text).toBe('Cancelled');
    expect(listStatusLabel(job(null))).toEqual({ text: '--', tone: 'plain', pulsing: false });
    expect(listStatusLabel({ status: undefined }).text).toBe('--');
  });

  it('capitalises only the first letter', () => {
    expect(capitalise('pending')).toBe('Pending');
    expect(capitalise('')).toBe('');
  });
});

describe('instanceStatusDisplay (spec 4.1)', () => {
  it.each([
    ['awaiting-confirmation', false, 'Awaiting confirmation...', 'yellow'],
    ['awaiting-confirmation', true, 'Processing...', 'blue'],
    ['pending', false, 'Processing...', 'blue'],
    ['processing', false, 'Processing...', 'blue'],
    ['processing', true, 'Processing...', 'blue'],
    ['finished', true, 'Finished.', 'green'],
    ['failed', false, 'Failed.', 'red'],
    ['created', false, 'Pending.', 'plain'],
    ['cancelled', false, 'Pending.', 'plain'],
  ] as const)('%s (confirmed %s) shows %s', (status, confirmed, text, tone) => {
    expect(instanceStatusDisplay({ status, confirmed })).toEqual({ text, tone });
  });

  it('treats an unknown status as Pending.', () => {
    expect(instanceStatusDisplay({ status: undefined }).text).toBe('Pending.');
  });
});

describe('jobActions (spec 4.1)', () => {
  it('offers Start for failed, created, cancelled and finished only', () => {
    const startable: JobStatus[] = ['failed', 'created', 'cancelled', 'finished'];
    const all: JobStatus[] = [...startable, 'pending', 'processing', 'awaiting-confirmation'];
    for (const status of all) {
      expect(jobActions(job(status, false)).canStart).toBe(startable.includes(status));
    }
  });

  it('offers Cancel only with an instance and a status other than created or cancelled', () => {
    expect(jobActions(job('processing', false)).canCancel).toBe(true);
    expect(jobActions(job('finished', true)).canCancel).toBe(true);
    expect(jobActions(job('failed', false)).canCancel).toBe(true);
    expect(jobActions(job('processing')).canCancel).toBe(false);
    expect(jobActions(job('created', false)).canCancel).toBe(false);
    expect(jobActions(job('cancelled', false)).canCancel).toBe(false);
  });

  it('offers Delete video when created or cancelled', () => {
    expect(jobActions(job('created')).canDeleteVideo).toBe(true);
    expect(jobActions(job('cancelled', false)).canDeleteVideo).toBe(true);
    expect(jobActions(job('finished', true)).canDeleteVideo).toBe(false);
    expect(jobActions(job('pending', false)).canDeleteVideo).toBe(false);
  });

  it('shows Continue/Confirm All/Unconfirm All only while awaiting and unconfirmed', () => {
    expect(jobActions(job('awaiting-confirmation', false)).showConfirmButtons).toBe(true);
    expect(jobActions(job('awaiting-confirmation', true)).showConfirmButtons).toBe(false);
    expect(jobActions(job('processing', false)).showConfirmButtons).toBe(false);
  });

  it('polls while pending, processing, or awaiting with the instance confirmed', () => {
    expect(jobActions(job('pending', false)).shouldPollJob).toBe(true);
    expect(jobActions(job('processing', true)).shouldPollJob).toBe(true);
    expect(jobActions(job('awaiting-confirmation', true)).shouldPollJob).toBe(true);
    expect(jobActions(job('awaiting-confirmation', false)).shouldPollJob).toBe(false);
    expect(jobActions(job('finished', true)).shouldPollJob).toBe(false);
    expect(jobActions(job('failed', false)).shouldPollJob).toBe(false);
  });
});

describe('jobPageBody (spec 2.9)', () => {
  it.each([
    ['failed', false, 'failed'],
    ['finished', true, 'finished'],
    ['pending', false, 'nothing'],
    ['cancelled', false, 'nothing'],
    ['awaiting-confirmation', false, 'clips'],
    ['awaiting-confirmation', true, 'loading'],
    ['processing', false, 'loading'],
  ] as const)('%s (confirmed %s) shows %s', (status, confirmed, body) => {
    expect(jobPageBody(job(status, confirmed))).toBe(body);
  });

  it('has the banner text of the spec', () => {
    expect(AWAITING_CONFIRMATION_BANNER).toBe(
      'Awaiting confirmation - Revise your clips, confirm the ones you want to keep, and continue to process the videos, ready for download.',
    );
  });
});

describe('clip list rules', () => {
  it('shows Confirm All only if some clip is unconfirmed, Unconfirm All only if some is confirmed', () => {
    expect(clipBulkActions([{ confirmed: false }, { confirmed: true }])).toEqual({
      showConfirmAll: true,
      showUnconfirmAll: true,
    });
    expect(clipBulkActions([{ confirmed: true }])).toEqual({
      showConfirmAll: false,
      showUnconfirmAll: true,
    });
    expect(clipBulkActions([{ confirmed: false }])).toEqual({
      showConfirmAll: true,
      showUnconfirmAll: false,
    });
    expect(clipBulkActions([])).toEqual({ showConfirmAll: false, showUnconfirmAll: false });
  });
});
