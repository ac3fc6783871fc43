import { describe, expect, it } from 'vitest';
import {
  JOB_STATUSES,
  canTransition,
  instancePhase,
  isActiveStatus,
  isAwaitingUserState,
  isRestartableStatus,
  isRunningState,
} from '@roughcut/shared';
import type { InstanceState, JobStatus } from '@roughcut/shared';
import { JobStateError } from '../../errors/job-state-error.ts';
import {
  WORKER_STATES,
  assertCanDeleteVideo,
  assertCanUpload,
  assertClipsEditable,
  stageOf,
  jobStatusOf,
  startInstance,
  transitionInstance,
} from './job-state.rules.ts';
import type { StartCheck } from './job-state.rules.ts';

const ready: StartCheck = { status: 'created', stepCount: 1, video: { status: 'uploaded' } };
const state = (status: JobStatus, confirmed = false): InstanceState => ({ status, confirmed });

const errorOf = (fn: () => unknown): JobStateError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof JobStateError) return error;
    throw error;
  }
  throw new Error('expected a JobStateError');
};

describe('startInstance', () => {
  it('creates a pending instance from failed, created, cancelled and finished', () => {
    for (const status of ['failed', 'created', 'cancelled', 'finished'] as const) {
      expect(startInstance({ ...ready, status })).toEqual({ status: 'pending', confirmed: false });
    }
  });

  it('refuses while running with "This edit is already running."', () => {
    for (const status of ['pending', 'processing'] as const) {
      const error = errorOf(() => startInstance({ ...ready, status }));
      expect(error.message).toBe('This edit is already running.');
      expect(error.httpStatus).toBe(409);
    }
    expect(errorOf(() => startInstance({ ...ready, status: 'awaiting-confirmation' })).code).toBe(
      'awaiting-confirmation',
    );
  });

  it('needs a step and a usable, fully uploaded video', () => {
    expect(errorOf(() => startInstance({ ...ready, stepCount: 0 })).message).toBe(
      'Please add at least one step first',
    );
    expect(errorOf(() => startInstance({ ...ready, video: null })).message).toBe(
      'Please upload a video file first',
    );
    expect(errorOf(() => startInstance({ ...ready, video: { status: 'uploading' } })).code).toBe(
      'video-uploading',
    );
    expect(
      errorOf(() =>
        startInstance({ ...ready, video: { status: 'failed', failure_reason: 'No audio track.' } }),
      ).message,
    ).toBe('No audio track. Please upload another .mp4 file.');
    expect(errorOf(() => startInstance({ ...ready, video: { status: 'failed' } })).message).toBe(
      'The uploaded video cannot be edited. Please upload another .mp4 file.',
    );
  });
});

describe('transitionInstance', () => {
  it('walks the happy path to finished', () => {
    let s: InstanceState = startInstance(ready);
    s = transitionInstance(s, { type: 'begin-processing' });
    expect(s).toEqual(state('processing'));
    s = transitionInstance(s, { type: 'await-confirmation' });
    expect(s).toEqual(state('awaiting-confirmation'));
    s = transitionInstance(s, { type: 'confirm', confirmedClipCount: 2 });
    expect(s).toEqual(state('awaiting-confirmation', true));
    s = transitionInstance(s, { type: 'begin-processing' });
    expect(s).toEqual(state('processing', true));
    s = transitionInstance(s, { type: 'finish' });
    expect(s).toEqual(state('finished', true));
  });

  it('fails any running instance with its reason', () => {
    for (const from of [state('pending'), state('processing'), state('processing', true)]) {
      expect(transitionInstance(from, { type: 'fail', reason: 'No speech found.' })).toMatchObject({
        status: 'failed',
        failure_reason: 'No speech found.',
      });
    }
    expect(canTransition(state('awaiting-confirmation', true), { type: 'fail', reason: 'x' })).toBe(
      true,
    );
    expect(canTransition(state('awaiting-confirmation'), { type: 'fail', reason: 'x' })).toBe(
      false,
    );
    expect(canTransition(state('finished', true), { type: 'fail', reason: 'x' })).toBe(false);
  });

  it('cancels anything but created and cancelled', () => {
    for (const status of [
      'pending',
      'processing',
      'awaiting-confirmation',
      'finished',
      'failed',
    ] as const) {
      expect(transitionInstance(state(status), { type: 'cancel' }).status).toBe('cancelled');
    }
    const error = errorOf(() => transitionInstance(state('cancelled'), { type: 'cancel' }));
    expect(error.code).toBe('not-running');
    expect(canTransition(state('created'), { type: 'cancel' })).toBe(false);
  });

  it('refuses to confirm twice, outside awaiting, or with no confirmed clip', () => {
    expect(
      errorOf(() =>
        transitionInstance(state('awaiting-confirmation', true), {
          type: 'confirm',
          confirmedClipCount: 1,
        }),
      ).code,
    ).toBe('already-confirmed');
    expect(
      errorOf(() =>
        transitionInstance(state('processing'), { type: 'confirm', confirmedClipCount: 1 }),
      ).message,
    ).toBe('This edit is not waiting for confirmation.');
    const none = errorOf(() =>
      transitionInstance(state('awaiting-confirmation'), {
        type: 'confirm',
        confirmedClipCount: 0,
      }),
    );
    expect(none.message).toBe('Please confirm at least one clip before continuing.');
    expect(none.httpStatus).toBe(400);
  });

  it('rejects late or repeated worker events so nothing moves backwards', () => {
    expect(canTransition(state('cancelled'), { type: 'begin-processing' })).toBe(false);
    expect(canTransition(state('cancelled'), { type: 'await-confirmation' })).toBe(false);
    expect(canTransition(state('cancelled'), { type: 'finish' })).toBe(false);
    expect(canTransition(state('awaiting-confirmation'), { type: 'begin-processing' })).toBe(false);
    expect(canTransition(state('processing', true), { type: 'await-confirmation' })).toBe(false);
    expect(canTransition(state('processing'), { type: 'finish' })).toBe(false);
    const error = errorOf(() => transitionInstance(state('finished', true), { type: 'finish' }));
    expect(error.code).toBe('illegal-transition');
    expect(error.message).toContain('finish from finished');
  });
});

describe('guards', () => {
  it('derives the job status from the latest instance', () => {
    expect(jobStatusOf(null)).toBe('created');
    expect(jobStatusOf({ status: 'failed' })).toBe('failed');
  });

  it('allows clip (un)confirming only while awaiting the user', () => {
    expect(() => assertClipsEditable(state('awaiting-confirmation'))).not.toThrow();
    expect(() => assertClipsEditable(state('awaiting-confirmation', true))).toThrow(JobStateError);
    expect(() => assertClipsEditable(state('finished', true))).toThrow(JobStateError);
  });

  it('deletes the video only when created or cancelled', () => {
    expect(() => assertCanDeleteVideo('created')).not.toThrow();
    expect(() => assertCanDeleteVideo('cancelled')).not.toThrow();
    expect(() => assertCanDeleteVideo('finished')).toThrow(
      'Cancel this edit before deleting its video.',
    );
  });

  it('uploads only when no instance is active', () => {
    for (const status of ['created', 'cancelled', 'failed', 'finished'] as const) {
      expect(() => assertCanUpload(status)).not.toThrow();
    }
    for (const status of ['pending', 'processing', 'awaiting-confirmation'] as const) {
      expect(() => assertCanUpload(status)).toThrow(JobStateError);
    }
  });
});

describe('the lifecycle table', () => {
  const every: InstanceState[] = JOB_STATUSES.flatMap((status) => [
    state(status, false),
    state(status, true),
  ]);

  it('sends Continue back to review when the render cannot be queued', () => {
    expect(transitionInstance(state('awaiting-confirmation', true), { type: 'reopen' })).toEqual(
      state('awaiting-confirmation', false),
    );
    expect(canTransition(state('processing', true), { type: 'reopen' })).toBe(false);
  });

  it('keeps a note of clips that could not be made on a finished instance', () => {
    expect(
      transitionInstance(state('processing', true), { type: 'finish', note: '1 of 3 failed' }),
    ).toEqual({ ...state('finished', true), failure_reason: '1 of 3 failed' });
  });

  it('gives each worker stage the states it runs or resumes, and nothing else', () => {
    expect(stageOf(state('pending'))).toBe('analyse');
    expect(stageOf(state('processing'))).toBe('analyse');
    expect(stageOf(state('awaiting-confirmation', true))).toBe('render');
    expect(stageOf(state('processing', true))).toBe('render');
    expect(stageOf(state('awaiting-confirmation'))).toBeNull();
    expect(WORKER_STATES).toEqual([
      state('pending'),
      state('processing'),
      state('awaiting-confirmation', true),
      state('processing', true),
    ]);
    // NOTE: a state a worker owns is exactly one that may fail, and counts as running.
    for (const s of every) {
      const owned = stageOf(s) !== null;
      expect(canTransition(s, { type: 'fail', reason: 'x' }), instancePhase(s)).toBe(owned);
      expect(isRunningState(s), instancePhase(s)).toBe(owned);
    }
  });

  it('derives the screens facts from the same rows', () => {
    for (const s of every) {
      const phase = instancePhase(s);
      expect(isRestartableStatus(s.status), phase).toBe(
        ['created', 'failed', 'cancelled', 'finished'].includes(s.status),
      );
      expect(isAwaitingUserState(s), phase).toBe(phase === 'reviewing');
      expect(isActiveStatus(s.status), phase).toBe(
        ['pending', 'processing', 'awaiting-confirmation'].includes(s.status),
      );
      // Start is offered exactly when startInstance does not refuse for the status.
      const startable = (() => {
        try {
          startInstance({ ...ready, status: s.status });
          return true;
        } catch {
          return false;
        }
      })();
      expect(startable, phase).toBe(isRestartableStatus(s.status));
    }
  });
});
