import { FONT_FILES } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { emOfLineSize, fontMetricsOf, readFontMetrics } from './font-metrics.ts';

describe('font metrics', () => {
  it('reads the em, the line and the weight of the shipped faces', () => {
    const regular = fontMetricsOf(FONT_FILES.Arial.faces.regular);
    expect(regular).toMatchObject({ unitsPerEm: 2048, weight: 400 });
    expect(regular!.lineUnits).toBeGreaterThan(2048);
    expect(fontMetricsOf(FONT_FILES.Arial.faces.bold!)?.weight).toBe(700);
    // An OpenType CFF face: League Spartan Black is a black face, weight 900.
    const black = fontMetricsOf(FONT_FILES['The Bold Font'].faces.regular);
    expect(black).toMatchObject({ unitsPerEm: 2000, weight: 900 });
  });

  it('gives the em Qt needs to draw the line libass draws', () => {
    const metrics = { unitsPerEm: 1000, lineUnits: 1400, weight: 900 };
    expect(emOfLineSize(metrics, 140)).toBeCloseTo(100);
    // A file that says nothing keeps the size.
    expect(emOfLineSize(null, 140)).toBe(140);
    expect(emOfLineSize({ unitsPerEm: 1000, lineUnits: 0, weight: null }, 140)).toBe(140);
  });

  it('is null for what is not a font, or cannot be read', () => {
    expect(readFontMetrics(Buffer.from('not a font at all'))).toBeNull();
    expect(fontMetricsOf('/nonexistent/font.ttf')).toBeNull();
  });
});
