import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '../draw-settings.ts';
import {
  MAX_PHRASE_CHARS,
  confirmClipRequestSchema,
  confirmClipRequestSchemaFor,
  isDefaultConfirm,
} from './clip-confirm.contract.ts';

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
