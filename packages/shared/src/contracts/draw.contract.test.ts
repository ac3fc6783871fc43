import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '../draw-settings.ts';
import { drawExampleQuerySchema, drawExampleRequestSchema } from './draw.contract.ts';

describe('POST /api/draw/example', () => {
  it('coerces the query strings and defaults the background to black', () => {
    expect(drawExampleQuerySchema.parse({ width: '1080', height: '1920' })).toEqual({
      width: 1080,
      height: 1920,
      r: 0,
      g: 0,
      b: 0,
    });
    expect(
      drawExampleQuerySchema.parse({ width: '1920', height: '1080', r: '255', g: '10', b: '0' }),
    ).toEqual({ width: 1920, height: 1080, r: 255, g: 10, b: 0 });
  });

  it('only renders the two example sizes', () => {
    const result = drawExampleQuerySchema.safeParse({ width: '1000', height: '1000' });
    expect(result.error?.issues[0]?.message).toBe(
      'Example size must be 1920x1080 (landscape) or 1080x1920 (portrait).',
    );
  });

  it('rejects colour channels outside 0-255', () => {
    for (const r of ['256', '-1', '1.5', 'red']) {
      expect(drawExampleQuerySchema.safeParse({ width: 1080, height: 1920, r }).success).toBe(
        false,
      );
    }
  });

  it('takes the draw settings as the body', () => {
    expect(drawExampleRequestSchema.parse(DEFAULT_DRAW_SETTINGS)).toEqual(DEFAULT_DRAW_SETTINGS);
    expect(
      drawExampleRequestSchema.safeParse({ ...DEFAULT_DRAW_SETTINGS, outline: 5 }).success,
    ).toBe(false);
  });
});
