import { describe, expect, it } from 'vitest';
import { EngineError } from '@roughcut/engine';
import { isLastAttempt } from './job.ts';
import { isRetryable } from './job-runner.ts';
import { JobStateError } from '../errors/job-state-error.ts';

describe('isRetryable', () => {
  it('retries crashes and passing trouble', () => {
    expect(isRetryable(new EngineError('ffmpeg_failed', 'ffmpeg was killed by SIGKILL'))).toBe(
      true,
    );
    expect(isRetryable(new EngineError('transcribe_failed', 'pocketsphinx exited'))).toBe(true);
    expect(isRetryable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not retry what would fail the same way', () => {
    expect(isRetryable(new EngineError('language_unavailable', 'No model for su.'))).toBe(false);
    expect(isRetryable(new EngineError('nothing_to_render', 'Nothing is left.'))).toBe(false);
    expect(isRetryable(new JobStateError('video-missing', 'Gone.'))).toBe(false);
  });
});

describe('isLastAttempt', () => {
  it('counts pg-boss retries from 0', () => {
    expect(isLastAttempt({ retryCount: 0, retryLimit: 2 })).toBe(false);
    expect(isLastAttempt({ retryCount: 2, retryLimit: 2 })).toBe(true);
    expect(isLastAttempt(undefined)).toBe(true);
  });
});
