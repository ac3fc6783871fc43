import { describe, expect, it } from 'vitest';
import type { JobStatus } from '@roughcut/shared';
import {
  CLIP_CONFIRMED_DRAFT_MESSAGE,
  NEW_CLIP_STATE,
  clipStatusesAllowing,
  transitionClip,
} from './clip-state.rules.ts';
import type { ClipEvent, ClipState } from './clip-state.rules.ts';
import { JobStateError } from '../../errors/job-state-error.ts';

const clip = (status: JobStatus, confirmed = false): ClipState => ({ status, confirmed });
const allows = (from: ClipState, event: ClipEvent): boolean => {
  try {
    transitionClip(from, event);
    return true;
  } catch (error) {
    if (error instanceof JobStateError) return false;
    throw error;
  }
};

describe('transitionClip', () => {
  it('walks a clip from analysis through review to its render', () => {
    let s: ClipState = NEW_CLIP_STATE;
    expect(s).toEqual(clip('awaiting-confirmation'));
    s = transitionClip(s, { type: 'confirm' });
    expect(s).toMatchObject(clip('awaiting-confirmation', true));
    s = transitionClip(s, { type: 'unconfirm' });
    expect(s).toMatchObject(clip('awaiting-confirmation', false));
    s = transitionClip(clip('awaiting-confirmation', true), { type: 'begin-render' });
    expect(s).toMatchObject(clip('processing', true));
    expect(transitionClip(s, { type: 'rendered' })).toEqual({
      ...clip('finished', true),
      failure_reason: null,
    });
    expect(transitionClip(s, { type: 'fail', reason: 'Nothing is left.' })).toEqual({
      ...clip('failed', true),
      failure_reason: 'Nothing is left.',
    });
  });

  it('lets a retried render start again, and a lost file be rendered again', () => {
    expect(allows(clip('processing', true), { type: 'begin-render' })).toBe(true);
    expect(allows(clip('finished', true), { type: 'begin-render' })).toBe(true);
    expect(allows(clip('failed', true), { type: 'begin-render' })).toBe(false);
  });

  it('never renders an unconfirmed clip nor reviews one being rendered', () => {
    expect(allows(clip('awaiting-confirmation'), { type: 'begin-render' })).toBe(false);
    for (const status of ['processing', 'finished', 'failed'] as const) {
      expect(() => transitionClip(clip(status, true), { type: 'confirm' })).toThrow(
        'This clip can no longer be changed: its edit is not waiting for confirmation.',
      );
      expect(allows(clip(status, true), { type: 'unconfirm' })).toBe(false);
    }
    const late = (() => {
      try {
        transitionClip(clip('finished', true), { type: 'rendered' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(late).toBeInstanceOf(JobStateError);
    expect((late as JobStateError).code).toBe('illegal-transition');
  });

  it('takes a draft only while the clip is editable, and leaves its state as it is', () => {
    const editable = clip('awaiting-confirmation');
    expect(transitionClip(editable, { type: 'save-draft' })).toEqual({
      ...editable,
      failure_reason: null,
    });
    expect(() =>
      transitionClip(clip('awaiting-confirmation', true), { type: 'save-draft' }),
    ).toThrow(CLIP_CONFIRMED_DRAFT_MESSAGE);
    for (const status of ['processing', 'finished', 'failed'] as const) {
      expect(() => transitionClip(clip(status, true), { type: 'save-draft' })).toThrow(
        'This clip can no longer be changed: its edit is not waiting for confirmation.',
      );
    }
  });

  it('names the statuses a bulk confirm may touch', () => {
    expect(clipStatusesAllowing('confirm')).toEqual(['awaiting-confirmation']);
    expect(clipStatusesAllowing('begin-render')).toEqual([
      'awaiting-confirmation',
      'processing',
      'finished',
    ]);
  });
});
