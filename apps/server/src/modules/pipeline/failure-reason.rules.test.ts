import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FAILURE_REASON,
  TOOL_FAILURE_REASON,
  toFailureReason,
} from './failure-reason.rules.ts';
import { JobStateError } from '../../errors/job-state-error.ts';

const engineError = (message: string): Error =>
  Object.assign(new Error(message), { name: 'EngineError' });

describe('toFailureReason and the tools own words', () => {
  it('never passes on what ffmpeg, ffprobe, melt or pocketsphinx wrote', () => {
    for (const message of [
      'ffmpeg was killed by SIGKILL',
      'ffmpeg exited with code 1: [Parsed_ass_0 @ 0x55d] Error initializing filter',
      'ffprobe exited with code 1: /data/media/u1/talk.mp4: Invalid data found',
      'melt exited with code 255: Failed to load "project.mlt"',
      'pocketsphinx exited with code 1: ERROR: "acmod.c", line 79',
      'ffmpeg could not be started: spawn EACCES',
      'Frame reading failed: ffmpeg was killed by SIGSEGV',
    ]) {
      expect(toFailureReason(engineError(message))).toBe(TOOL_FAILURE_REASON);
    }
  });

  it("keeps the engine's own messages for users, limits included", () => {
    for (const message of [
      'The render stopped: it needed more than 5 GB of memory, the limit for one run. Use smaller subtitles (size, letter spacing, outline, shadow) or a smaller video, then try again.',
      'The render stopped: it took longer than 22 minutes for a 1-minute video. Please try again.',
      'ffmpeg is not installed or not on PATH (set FFMPEG_PATH to its location).',
      'This file has no sound track.',
    ]) {
      expect(toFailureReason(engineError(message))).toBe(message);
    }
    expect(toFailureReason(new Error('ffmpeg was killed by SIGKILL'))).toBe(DEFAULT_FAILURE_REASON);
  });
});

describe('toFailureReason', () => {
  it('keeps the first line of user-facing errors', () => {
    const engine = Object.assign(new Error('No audio track found.\n  at probe (x.ts:1)'), {
      name: 'EngineError',
    });
    expect(toFailureReason(engine)).toBe('No audio track found.');
    expect(toFailureReason(new JobStateError('x', 'Nope.'))).toBe('Nope.');
  });

  it('never exposes internal errors or stack traces', () => {
    expect(toFailureReason(new Error('ENOENT: /var/data/x'))).toBe(DEFAULT_FAILURE_REASON);
    expect(toFailureReason('boom')).toBe(DEFAULT_FAILURE_REASON);
    expect(toFailureReason(undefined, 'Custom.')).toBe('Custom.');
  });

  it('bounds long messages', () => {
    const long = Object.assign(new Error('x'.repeat(400)), { name: 'EngineError' });
    expect(toFailureReason(long)).toHaveLength(300);
  });
});
