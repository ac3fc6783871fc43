import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { formatHex, parseColour, readColour, writeColour } from './colour-value.ts';

describe('colour values', () => {
  it('accepts hex and rgb() colours', () => {
    expect(parseColour('#4169E1')).toEqual({ r: 65, g: 105, b: 225 });
    expect(parseColour('4169e1')).toEqual({ r: 65, g: 105, b: 225 });
    expect(parseColour(' #fff ')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColour('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3 });
    expect(parseColour('rgba(1, 2, 3, 0.5)')).toEqual({ r: 1, g: 2, b: 3, alpha: 0.5 });
    expect(parseColour('rgb(1 2 3 / 50%)')).toEqual({ r: 1, g: 2, b: 3, alpha: 0.5 });
  });

  it('refuses anything that is not a valid colour', () => {
    for (const bad of ['', '#12', '#12345', '#GGGGGG', 'blue!', 'rgb(256,0,0)', 'rgba(0,0,0,2)'])
      expect(parseColour(bad)).toBeNull();
  });

  it('formats and round-trips the settings channels', () => {
    expect(formatHex({ r: 65, g: 105, b: 225 })).toBe('#4169E1');
    expect(readColour(DEFAULT_DRAW_SETTINGS, 'primary')).toEqual({
      r: 65,
      g: 105,
      b: 225,
      alpha: 1,
    });
    const next = writeColour(DEFAULT_DRAW_SETTINGS, 'shadow', { r: 0, g: 0, b: 0, alpha: 0.5 });
    expect(readColour(next, 'shadow')).toEqual({ r: 0, g: 0, b: 0, alpha: 0.5 });
    expect(readColour(next, 'primary')).toEqual(readColour(DEFAULT_DRAW_SETTINGS, 'primary'));
    expect(writeColour(next, 'shadow', { r: 9, g: 9, b: 9 }).shadow_color_alpha).toBe(0.5);
  });
});
