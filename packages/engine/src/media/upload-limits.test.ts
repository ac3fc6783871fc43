import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../types.ts';
import { DEFAULT_MAX_VIDEO_SECONDS } from '@roughcut/shared';
import {
  MAX_VIDEO_SIDE_PX,
  MIN_VIDEO_SIDE_PX,
  describeLength,
  uploadLimitError,
} from './upload-limits.ts';

const probe = (over: Partial<ProbeResult>): ProbeResult => ({
  durationS: 60,
  width: 1280,
  height: 720,
  displayWidth: 1280,
  displayHeight: 720,
  rotation: 0,
  fps: 25,
  variableFrameRate: false,
  videoCodec: 'h264',
  audioCodec: 'aac',
  audioSampleRate: 48000,
  audioChannels: 2,
  formatName: 'mov,mp4',
  sizeBytes: 1000,
  bitRate: 1000,
  ...over,
});
const limits = { maxDurationS: DEFAULT_MAX_VIDEO_SECONDS };

describe('upload limits', () => {
  it('accepts a talk of four hours in 4K or a phone portrait', () => {
    expect(uploadLimitError(probe({ durationS: 4 * 3600 }), limits)).toBeUndefined();
    expect(uploadLimitError(probe({ width: 4096, height: 2160 }), limits)).toBeUndefined();
    expect(uploadLimitError(probe({ width: 1080, height: 1920 }), limits)).toBeUndefined();
    expect(uploadLimitError(probe({ width: 64, height: 64 }), limits)).toBeUndefined();
  });

  it('refuses a video longer than the limit, saying both lengths', () => {
    const error = uploadLimitError(probe({ durationS: 10 * 3600 }), limits);
    expect(error?.code).toBe('too_long');
    expect(error?.message).toBe(
      'This video is 10 h long; Roughcut edits videos up to 4 h. Trim it and upload it again.',
    );
    expect(uploadLimitError(probe({ durationS: 4 * 3600 + 1 }), limits)?.message).toMatch(
      /^This video is 4 h 1 min long;/,
    );
    expect(uploadLimitError(probe({ durationS: 90.2 }), { maxDurationS: 60 })?.message).toMatch(
      /^This video is 1 min 31 s long; Roughcut edits videos up to 1 min\./,
    );
  });

  it('refuses pictures the pipeline cannot render, with the size and the limit', () => {
    const tiny = uploadLimitError(probe({ width: 1, height: 1 }), limits);
    expect(tiny?.code).toBe('picture_too_small');
    expect(tiny?.message).toContain(`1x1 pixels; Roughcut needs at least ${MIN_VIDEO_SIDE_PX}`);
    expect(uploadLimitError(probe({ width: 1280, height: 32 }), limits)?.code).toBe(
      'picture_too_small',
    );
    const huge = uploadLimitError(probe({ width: 12000, height: 12000 }), limits);
    expect(huge?.code).toBe('picture_too_large');
    expect(huge?.message).toContain(
      `12000x12000 pixels; Roughcut edits videos up to ${MAX_VIDEO_SIDE_PX}`,
    );
  });

  it('describes lengths by their parts that are not zero', () => {
    expect([45, 750, 3600, 36300, 0].map(describeLength)).toEqual([
      '45 s',
      '12 min 30 s',
      '1 h',
      '10 h 5 min',
      '0 s',
    ]);
  });
});
