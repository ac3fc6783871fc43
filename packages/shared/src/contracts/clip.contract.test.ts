import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '../draw-settings.ts';
import {
  clipListResponseSchema,
  clipParamsSchema,
  clipReframe,
  clipSchema,
  confirmClipRequestSchema,
  confirmClipRequestSchemaFor,
  gapListSchema,
  gapSchema,
  isDefaultConfirm,
  MAX_PHRASE_CHARS,
  segmentSchema,
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

describe('clip screen confirm with edited phrases', () => {
  const phrases = [
    { start: 1, end: 2.5, phrase: 'hello world' },
    { start: 3, end: 4, phrase: '' },
  ];

  it('accepts phrases with the subtitle settings, in time order', () => {
    const body = { cut: [], subtitle: DEFAULT_DRAW_SETTINGS, phrases };
    expect(confirmClipRequestSchema.parse(body)).toEqual(body);
  });

  it('needs the Subtitles step confirmed to carry phrases', () => {
    const result = confirmClipRequestSchema.safeParse({ cut: [], phrases });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('confirm Subtitles too');
  });

  it('rejects unordered phrases, control characters and text that is too long', () => {
    const bad = (list: unknown) =>
      confirmClipRequestSchema.safeParse({ subtitle: DEFAULT_DRAW_SETTINGS, phrases: list });
    expect(bad([...phrases].reverse()).success).toBe(false);
    expect(bad([{ start: 1, end: 2, phrase: 'two\nlines' }]).success).toBe(false);
    expect(bad([{ start: 1, end: 2, phrase: 'bell\u0007' }]).success).toBe(false);
    expect(bad([{ start: 1, end: 2, phrase: 'x'.repeat(MAX_PHRASE_CHARS + 1) }]).success).toBe(
      false,
    );
    expect(bad([{ start: 2, end: 1, phrase: 'backwards' }]).success).toBe(false);
    // ASS override look-alikes are plain text here; the subtitle builder makes them inert.
    expect(bad([{ start: 1, end: 2, phrase: '{\\an8}hi\\N' }]).success).toBe(true);
  });

  it('rejects gaps shorter than 0.1 s and repeated gap ids', () => {
    expect(
      confirmClipRequestSchema.safeParse({ cut: [{ id: 'gap-1', start: 1, end: 1.05 }] }).success,
    ).toBe(false);
    expect(
      confirmClipRequestSchema.safeParse({ cut: [{ id: 'gap-1', start: 1, end: 1.096 }] }).success,
    ).toBe(true);
    expect(
      confirmClipRequestSchema.safeParse({
        cut: [
          { id: 'gap-1', start: 1, end: 2 },
          { id: 'gap-1', start: 3, end: 4 },
        ],
      }).success,
    ).toBe(false);
  });
});

describe('confirm checked against the clip window', () => {
  const schema = confirmClipRequestSchemaFor({ start: 10, end: 40 });

  it('accepts gaps and phrases inside the window, give or take a rounding step', () => {
    expect(
      schema.safeParse({
        cut: [
          { id: 'gap-1', start: 9.995, end: 11 },
          { id: 'gap-2', start: 39, end: 40.01 },
        ],
        subtitle: DEFAULT_DRAW_SETTINGS,
        phrases: [{ start: 11, end: 12, phrase: 'inside' }],
      }).success,
    ).toBe(true);
    expect(schema.safeParse({ cut: 'default', subtitle: 'default' }).success).toBe(true);
  });

  it('names the gap or phrase outside the window and what to do', () => {
    const gap = schema.safeParse({ cut: [{ id: 'gap-3', start: 5, end: 11 }] });
    expect(gap.success).toBe(false);
    expect(gap.error?.issues[0]?.message).toBe(
      'Gap gap-3 (5.00 s to 11.00 s) lies outside the clip (10.00 s to 40.00 s). Drag its edges back inside and try again.',
    );
    const phrase = schema.safeParse({
      subtitle: DEFAULT_DRAW_SETTINGS,
      phrases: [{ start: 39.5, end: 41, phrase: 'late' }],
    });
    expect(phrase.success).toBe(false);
    expect(phrase.error?.issues[0]?.path).toEqual(['phrases', 0]);
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

describe('gap kinds', () => {
  it('accepts a gap without a kind (a silence) and a filler, and refuses other kinds', () => {
    expect(gapSchema.parse({ id: 'gap-1', start: 0, end: 1 })).toEqual({
      id: 'gap-1',
      start: 0,
      end: 1,
    });
    expect(gapSchema.parse({ id: 'gap-2', start: 1, end: 1.3, kind: 'filler' }).kind).toBe(
      'filler',
    );
    expect(gapSchema.safeParse({ id: 'gap-3', start: 1, end: 2, kind: 'cough' }).success).toBe(
      false,
    );
  });

  it('keeps the kind through a confirmed cut', () => {
    const cut = [
      { id: 'gap-1', start: 0, end: 1 },
      { id: 'gap-2', start: 1, end: 1.3, kind: 'filler' as const },
    ];
    expect(gapListSchema.parse(cut)).toEqual(cut);
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
