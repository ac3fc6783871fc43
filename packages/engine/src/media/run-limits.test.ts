import { describe, expect, it } from 'vitest';
import {
  MEMORY_LIMIT_ENV,
  TIME_FACTOR_ENV,
  formatSpan,
  isMemoryFailure,
  memoryLimitBytes,
  memoryLimitMessage,
  runMemoryLimit,
  timeLimitMessage,
  timeLimitMs,
} from './run-limits.ts';

const GB = 1024 ** 3;

describe('the memory ceiling', () => {
  it('is 4 GB plus 0.5 GB per core unless configured', () => {
    expect(memoryLimitBytes({}, 2)).toBe(5 * GB);
    expect(memoryLimitBytes({}, 16)).toBe(12 * GB);
    expect(memoryLimitBytes({ [MEMORY_LIMIT_ENV]: '1.5' }, 2)).toBe(1.5 * GB);
    expect(memoryLimitBytes({ [MEMORY_LIMIT_ENV]: '0' }, 2)).toBeNull();
    // An unreadable value keeps the default rather than no limit at all.
    for (const bad of ['', 'lots', '-1', '4G']) {
      expect(memoryLimitBytes({ [MEMORY_LIMIT_ENV]: bad }, 2)).toBe(5 * GB);
    }
  });

  it('lowers to a run’s own cap, never raises past the configured one', () => {
    expect(runMemoryLimit(2 * GB, { [MEMORY_LIMIT_ENV]: '8' })).toBe(2 * GB);
    expect(runMemoryLimit(2 * GB, { [MEMORY_LIMIT_ENV]: '0.5' })).toBe(0.5 * GB);
    expect(runMemoryLimit(2 * GB, { [MEMORY_LIMIT_ENV]: '0' })).toBeNull();
  });

  it('names a failure as the ceiling only on its evidence', () => {
    const run = { tail: '', signal: null, peakBytes: 0, limitBytes: 4 * GB };
    expect(isMemoryFailure({ ...run, tail: 'x264 [error]: malloc of size 3277760 failed' })).toBe(
      true,
    );
    expect(isMemoryFailure({ ...run, tail: 'Error while filtering: Cannot allocate memory' })).toBe(
      true,
    );
    // An encoder that cannot start after the filters took the memory says nothing of it.
    const opening = 'Error while opening encoder for output stream #0:0';
    expect(isMemoryFailure({ ...run, tail: opening, peakBytes: 3.9 * GB })).toBe(true);
    expect(isMemoryFailure({ ...run, tail: opening, peakBytes: 1 * GB })).toBe(false);
    expect(isMemoryFailure({ ...run, signal: 'SIGSEGV', peakBytes: 2.5 * GB })).toBe(true);
    expect(isMemoryFailure({ ...run, signal: 'SIGSEGV', peakBytes: 0.5 * GB })).toBe(false);
    expect(isMemoryFailure({ ...run, tail: 'Invalid data found when processing input' })).toBe(
      false,
    );
    expect(isMemoryFailure({ ...run, tail: 'Cannot allocate memory', limitBytes: null })).toBe(
      false,
    );
  });
});

describe('the wall-clock limit', () => {
  it('grows with the media length and the frame size', () => {
    expect(timeLimitMs({ mediaS: 60 }, {})).toBe(30 * 66 * 1000);
    expect(timeLimitMs({ mediaS: 60, pixels: 1080 * 1920 }, {})).toBe(30 * 66 * 1000);
    // A 4096x4096 frame has 8.1 times the pixels of 1080p.
    expect(timeLimitMs({ mediaS: 60, pixels: 4096 * 4096 }, {})).toBeCloseTo(
      30 * 66 * 1000 * ((4096 * 4096) / (1920 * 1080)),
      -1,
    );
    expect(timeLimitMs({ mediaS: 0 }, {})).toBe(180_000);
    expect(timeLimitMs({ mediaS: 60 }, { [TIME_FACTOR_ENV]: '2' })).toBe(132_000);
    expect(timeLimitMs(undefined, {})).toBe(5_400_000);
  });
});

describe('the messages users read', () => {
  it('name the limit and say what to do, without any tool’s words', () => {
    expect(memoryLimitMessage('render', 5 * GB)).toBe(
      'The render stopped: it needed more than 5 GB of memory, the limit for one run. Use smaller subtitles (size, letter spacing, outline, shadow) or a smaller video, then try again.',
    );
    expect(timeLimitMessage('render', 22 * 60_000, { mediaS: 60 })).toBe(
      'The render stopped: it took longer than 22 minutes for a 60-second video. Please try again; if it stops again, simplify the subtitles (smaller size, less letter spacing, no angle).',
    );
    expect(timeLimitMessage('render', 3 * 3_600_000, { mediaS: 600 })).toContain(
      'took longer than 3 hours for a 10-minute video.',
    );
    expect(timeLimitMessage('example', 120_000, { mediaS: 0 })).toBe(
      'The example image stopped: it took longer than 2 minutes. Simplify the style (smaller size, less letter spacing, no angle) and try again.',
    );
    expect([formatSpan(1), formatSpan(45), formatSpan(150)]).toEqual([
      '1 second',
      '45 seconds',
      '3 minutes',
    ]);
  });
});
