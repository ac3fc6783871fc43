import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '../draw-settings.ts';
import {
  clipListResponseSchema,
  clipParamsSchema,
  clipSchema,
  confirmClipRequestSchema,
  gapSchema,
  isDefaultConfirm,
  segmentSchema,
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
    { start: 3, end: 4, phrase: 'no words kept' },
  ],
  draw_settings: DEFAULT_DRAW_SETTINGS,
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

describe('gap schema', () => {
  it('needs an id of the form gap-N and end after start', () => {
    expect(gapSchema.parse({ id: 'gap-3', start: 1, end: 2 })).toEqual({
      id: 'gap-3',
      start: 1,
      end: 2,
    });
    expect(gapSchema.safeParse({ id: 'g3', start: 1, end: 2 }).success).toBe(false);
    expect(gapSchema.safeParse({ id: 'gap-1', start: 2, end: 2 }).success).toBe(false);
  });
});

describe('confirm payload', () => {
  it('accepts the job page form {cut: "default", subtitle: "default"}', () => {
    const body = confirmClipRequestSchema.parse({ cut: 'default', subtitle: 'default' });
    expect(isDefaultConfirm(body)).toBe(true);
  });

  it('accepts the clip screen forms: cut, subtitle or both', () => {
    const gaps = [
      { id: 'gap-0', start: 0, end: 0.5 },
      { id: 'gap-1', start: 2.6, end: 3 },
    ];
    const cutOnly = confirmClipRequestSchema.parse({ cut: gaps });
    expect(isDefaultConfirm(cutOnly)).toBe(false);
    expect(cutOnly).toEqual({ cut: gaps });
    expect(confirmClipRequestSchema.parse({ subtitle: DEFAULT_DRAW_SETTINGS })).toEqual({
      subtitle: DEFAULT_DRAW_SETTINGS,
    });
    expect(confirmClipRequestSchema.parse({ cut: [], subtitle: DEFAULT_DRAW_SETTINGS })).toEqual({
      cut: [],
      subtitle: DEFAULT_DRAW_SETTINGS,
    });
  });

  it('rejects an empty confirm with the spec message', () => {
    const result = confirmClipRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(
      'Unable to submit - you have not confirmed any edits yet for this clip.',
    );
  });

  it('rejects overlapping gaps, half-default bodies and bad settings', () => {
    const overlapping = [
      { id: 'gap-0', start: 0, end: 2 },
      { id: 'gap-1', start: 1, end: 3 },
    ];
    expect(confirmClipRequestSchema.safeParse({ cut: overlapping }).success).toBe(false);
    expect(confirmClipRequestSchema.safeParse({ cut: 'default' }).success).toBe(false);
    expect(
      confirmClipRequestSchema.safeParse({ subtitle: { ...DEFAULT_DRAW_SETTINGS, size: 101 } })
        .success,
    ).toBe(false);
  });
});
