import { describe, expect, it } from 'vitest';
import {
  boundedDrawSettingsInputSchema,
  boundedDrawSettingsSchema,
  clampDrawSettings,
  drawBoundsIssues,
  resolvePlayRes,
} from './draw-bounds.ts';
import { DEFAULT_DRAW_SETTINGS, DRAW_SETTING_RANGES } from './draw-settings.ts';
import type { DrawSettings } from './draw-settings.ts';

const style = (changes: Partial<DrawSettings>): DrawSettings => ({
  ...DEFAULT_DRAW_SETTINGS,
  ...changes,
});
const LARGEST = { size: 100, spacing: 100, outline: 4, shadow: 4, scale_x: 100, scale_y: 100 };

describe('the draw bounds', () => {
  it('allows every spec value at the default layout and at any PlayRes from 384x288 up', () => {
    expect(drawBoundsIssues(DEFAULT_DRAW_SETTINGS)).toEqual([]);
    expect(drawBoundsIssues(style(LARGEST))).toEqual([]);
    for (const [x, y] of [
      [384, 288],
      [1920, 1080],
      [1080, 1920],
      [7680, 7680],
      [384, 0],
      [0, 288],
    ]) {
      expect(drawBoundsIssues(style({ ...LARGEST, play_res_x: x, play_res_y: y }))).toEqual([]);
    }
  });

  it("refuses the audit's play_res 1x1 with a message that says what to do", () => {
    const issues = drawBoundsIssues(style({ play_res_x: 1, play_res_y: 1, size: 100 }));
    expect(issues.map((i) => i.field)).toEqual(['play_res_x', 'play_res_y']);
    expect(issues[0]?.message).toBe(
      'play_res_x 1 is too small. Set it to 0 (the default layout) or to at least 100: below 100 the subtitles are drawn many times larger than the video.',
    );
    // Even the smallest text: any side from 1 to 99 is refused.
    expect(drawBoundsIssues(style({ play_res_y: 99, size: 1 })).map((i) => i.field)).toEqual([
      'play_res_y',
    ]);
  });

  it('measures size, spacing, outline and shadow against the PlayRes height', () => {
    // 150 high: each unit draws 288/150 = 1.92 times its default-layout size.
    const issues = drawBoundsIssues(style({ ...LARGEST, play_res_x: 200, play_res_y: 150 }));
    expect(issues.map((i) => i.field)).toEqual(['size', 'spacing', 'outline', 'shadow']);
    expect(issues[0]?.message).toBe(
      'Size 100 is too large for the play resolution 200x150: use at most 52.08, or set play_res_x and play_res_y to 0 (the default layout).',
    );
    expect(drawBoundsIssues(style({ play_res_x: 200, play_res_y: 150, size: 52 }))).toEqual([]);
    // A side given alone sets the other at 4:3: 100 wide is 75 high.
    expect(resolvePlayRes(style({ play_res_x: 100 }))).toEqual({ x: 100, y: 75 });
    expect(
      drawBoundsIssues(style({ play_res_x: 100, size: 27, shadow: 1 })).map((i) => i.field),
    ).toEqual(['size']);
  });

  it('measures against the narrower side too: an angle lays a glyph along the width', () => {
    // 100 wide: each unit along the width draws 3.84 times the default layout's.
    const narrow = drawBoundsIssues(style({ ...LARGEST, play_res_x: 100, play_res_y: 7680 }));
    expect(narrow.map((i) => i.field)).toEqual(['size', 'spacing', 'outline', 'shadow']);
    expect(narrow[0]?.message).toBe(
      'Size 100 is too large for the play resolution 100x7680: use at most 26.04, or set play_res_x and play_res_y to 0 (the default layout).',
    );
    expect(
      drawBoundsIssues(style({ play_res_x: 100, play_res_y: 288, size: 26, shadow: 1 })),
    ).toEqual([]);
  });

  it('counts the scale: smaller letters may have a larger size', () => {
    const small = { ...LARGEST, play_res_x: 200, play_res_y: 150, scale_x: 50, scale_y: 50 };
    expect(drawBoundsIssues(style(small)).map((i) => i.field)).toEqual(['outline', 'shadow']);
    expect(drawBoundsIssues(style({ ...small, scale_x: 53 })).map((i) => i.field)).toContain(
      'size',
    );
    expect(drawBoundsIssues(style({ ...small, outline: 2, shadow: 2 }))).toEqual([]);
    // Letter spacing grows with the width scale only.
    const spaced = { play_res_x: 200, play_res_y: 150, spacing: 100, scale_x: 50, scale_y: 100 };
    expect(drawBoundsIssues(style(spaced))).toEqual([]);
  });
});

describe('the bounded schemas', () => {
  it('refuse what the rule refuses, at the field it names', () => {
    const result = boundedDrawSettingsSchema.safeParse(style({ play_res_x: 1, play_res_y: 1 }));
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', path: ['play_res_x'] });
    const input = boundedDrawSettingsInputSchema.safeParse({ play_res_y: 150, outline: 4 });
    expect(input.error?.issues.map((i) => i.path)).toEqual([['outline']]);
  });

  it('pass settings within the bounds unchanged', () => {
    expect(boundedDrawSettingsSchema.parse(style(LARGEST))).toEqual(style(LARGEST));
    expect(boundedDrawSettingsInputSchema.parse({})).toEqual(DEFAULT_DRAW_SETTINGS);
  });
});

describe('clampDrawSettings', () => {
  it('leaves settings within the bounds as they are', () => {
    expect(clampDrawSettings(DEFAULT_DRAW_SETTINGS)).toEqual(DEFAULT_DRAW_SETTINGS);
    const big = style({ ...LARGEST, play_res_x: 1080, play_res_y: 1920, angle: 45 });
    expect(clampDrawSettings(big)).toEqual(big);
  });

  it('draws stored settings from before the bounds at the largest allowed size', () => {
    const clamped = clampDrawSettings(style({ ...LARGEST, play_res_x: 1, play_res_y: 1 }));
    expect(clamped).toMatchObject({ play_res_x: 100, play_res_y: 100 });
    // 384 / 100 = 3.84 times the default layout's units: size 100 draws as 26.04.
    expect(clamped.size).toBeCloseTo(26.041, 3);
    expect(clamped.outline).toBeCloseTo(1.041, 3);
    expect(drawBoundsIssues(clamped)).toEqual([]);
  });

  it('always yields settings the rule allows, whatever was stored', () => {
    const fields = Object.keys(DRAW_SETTING_RANGES) as (keyof typeof DRAW_SETTING_RANGES)[];
    const edges = [-5, 0, 0.5, 1, 2, 50, 99, 100, 101, 287, 288, 7680, 99999, Number.NaN];
    let seed = 7;
    const pick = () => {
      seed = (seed * 48271) % 2147483647;
      return edges[seed % edges.length] ?? 0;
    };
    for (let n = 0; n < 2000; n++) {
      const stored = style(Object.fromEntries(fields.map((f) => [f, pick()])));
      const clamped = clampDrawSettings(stored);
      expect(drawBoundsIssues(clamped)).toEqual([]);
      for (const f of fields) {
        expect(clamped[f]).toBeGreaterThanOrEqual(DRAW_SETTING_RANGES[f].min);
        expect(clamped[f]).toBeLessThanOrEqual(DRAW_SETTING_RANGES[f].max);
      }
      expect(clampDrawSettings(clamped)).toEqual(clamped);
    }
  });
});
