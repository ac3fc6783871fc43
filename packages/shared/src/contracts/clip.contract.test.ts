import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '../draw-settings.ts';
import { confirmClipRequestSchema } from './clip-confirm.contract.ts';
import { segmentSchema } from './clip-timeline.contract.ts';
import {
  clipListResponseSchema,
  clipParamsSchema,
  clipReframe,
  clipSchema,
  waveformResponseSchema,
} from './clip.contract.ts';

const clip = {
  id: 'c1',
  auto_job_id: 'j1',
  auto_job_instance_id: 'i1',
  title: 'Why silence matters',
  description: 'A short clip.',
  engagement_score: 7.5,
  status: 'awaiting-confirmation',
  confirmed: false,
  failure_reason: null,
  is_long_form: false,
  start: 0.5,
  end: 4.5,
  segments: [
    {
      start: 1,
      end: 2.5,
      phrase: 'hello there',
      words: [
        { text: 'hello', start: 1, end: 1.5, confidence: 0.9 },
        { text: 'there', start: 1.6, end: 2.5, confidence: 0.4 },
      ],
    },
    { start: 3, end: 4, phrase: '', words: [] },
  ],
  draw_settings: DEFAULT_DRAW_SETTINGS,
  gaps: [{ id: 'gap-1', start: 2.5, end: 3 }],
  detected_gaps: [
    { id: 'gap-1', start: 2.5, end: 3 },
    { id: 'gap-2', start: 4, end: 4.5 },
  ],
  subtitles_burned: true,
  edits: { cut: true, subtitles: false },
};

describe('clip schema', () => {
  it('parses a clip with segments, words and draw settings', () => {
    expect(clipSchema.parse(clip)).toEqual(clip);
    expect(
      clipListResponseSchema.parse([clip, { ...clip, id: 'c2', is_long_form: true }]),
    ).toHaveLength(2);
    expect(clipSchema.parse({ ...clip, score_features: { hook: 0.8 } }).score_features).toEqual({
      hook: 0.8,
    });
  });

  it('keeps engagement_score within 0-10', () => {
    expect(clipSchema.safeParse({ ...clip, engagement_score: 10 }).success).toBe(true);
    expect(clipSchema.safeParse({ ...clip, engagement_score: 10.1 }).success).toBe(false);
    expect(clipSchema.safeParse({ ...clip, engagement_score: -1 }).success).toBe(false);
  });

  it('rejects segments ending before they start and confidences above 1', () => {
    expect(segmentSchema.safeParse({ start: 2, end: 1, phrase: 'x' }).success).toBe(false);
    expect(
      segmentSchema.safeParse({
        start: 0,
        end: 1,
        phrase: 'x',
        words: [{ text: 'x', start: 0, end: 1, confidence: 1.2 }],
      }).success,
    ).toBe(false);
  });

  it('reads clip params', () => {
    expect(clipParamsSchema.parse({ id: 'j', instance_id: 'i', clip_id: 'c' })).toEqual({
      id: 'j',
      instance_id: 'i',
      clip_id: 'c',
    });
  });
});

describe('waveform response', () => {
  it('is loudness 0..1 at up to 100 values per second', () => {
    const body = { start: 12.5, rate: 100, peaks: [0, 0.5, 1] };
    expect(waveformResponseSchema.parse(body)).toEqual(body);
    expect(waveformResponseSchema.safeParse({ ...body, peaks: [1.2] }).success).toBe(false);
    expect(waveformResponseSchema.safeParse({ ...body, rate: 0 }).success).toBe(false);
  });
});

describe('clip framing (issue 21)', () => {
  it('reads centre from an answer without reframe, and the stored value otherwise', () => {
    expect(clipReframe(clipSchema.parse(clip))).toBe('centre');
    expect(clipReframe(clipSchema.parse({ ...clip, reframe: 'follow' }))).toBe('follow');
    expect(clipSchema.safeParse({ ...clip, reframe: 'zoom' }).success).toBe(false);
  });

  it('carries reframe with a clip-screen confirm and keeps older bodies valid', () => {
    const body = { cut: [], reframe: 'split' };
    expect(confirmClipRequestSchema.parse(body)).toEqual(body);
    expect(confirmClipRequestSchema.parse({ cut: [] })).toEqual({ cut: [] });
    expect(confirmClipRequestSchema.safeParse({ cut: [], reframe: 'left' }).success).toBe(false);
    // NOTE: a framing alone is no confirmed step, as the spec's empty-confirm rule says.
    expect(confirmClipRequestSchema.safeParse({ reframe: 'follow' }).success).toBe(false);
  });
});
