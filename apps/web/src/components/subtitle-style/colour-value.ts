import type { DrawSettings } from '@roughcut/shared';

// The colour panel's values: the settings keep each colour as four numbers (SPEC 3); the panel
// shows and accepts text such as #4169E1.

export type Rgb = { r: number; g: number; b: number };
export type Rgba = Rgb & { alpha: number };

/** The colours the styling controls edit; the clip screen keeps `secondary` as it is. */
export type ColourKey = 'primary' | 'secondary' | 'outline' | 'shadow' | 'highlight';

const byte = (n: number) => Math.min(255, Math.max(0, Math.round(n)));
const hex2 = (n: number) => byte(n).toString(16).toUpperCase().padStart(2, '0');

/** `#RRGGBB` for a colour. */
export const formatHex = ({ r, g, b }: Rgb): string => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_FUNCTION =
  /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*(?:[,/]\s*(\d*\.?\d+)(%?)\s*)?\)$/i;

/**
 * A colour typed by the user, or null when it is not a valid colour: `#RGB`, `#RRGGBB` (the `#`
 * optional) or `rgb(r, g, b)` / `rgba(r, g, b, a)` with channels 0 to 255 and alpha 0 to 1 (or %).
 */
export function parseColour(text: string): (Rgb & { alpha?: number }) | null {
  const value = text.trim();
  const hex = HEX.exec(value)?.[1];
  if (hex) {
    const full =
      hex.length === 3
        ? hex
            .split('')
            .map((c) => c + c)
            .join('')
        : hex;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
    };
  }
  const fn = RGB_FUNCTION.exec(value);
  if (!fn) return null;
  const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
  if (r > 255 || g > 255 || b > 255) return null;
  if (fn[4] === undefined) return { r, g, b };
  const alpha = Number(fn[4]) / (fn[5] === '%' ? 100 : 1);
  if (!(alpha >= 0 && alpha <= 1)) return null;
  return { r, g, b, alpha };
}

/** One colour of the settings. */
export const readColour = (settings: DrawSettings, key: ColourKey): Rgba => ({
  r: settings[`${key}_color_red`],
  g: settings[`${key}_color_green`],
  b: settings[`${key}_color_blue`],
  alpha: settings[`${key}_color_alpha`],
});

/** The settings with one colour replaced; the alpha is kept unless a new one is given. */
export const writeColour = (
  settings: DrawSettings,
  key: ColourKey,
  colour: Rgb & { alpha?: number },
): DrawSettings => ({
  ...settings,
  [`${key}_color_red`]: byte(colour.r),
  [`${key}_color_green`]: byte(colour.g),
  [`${key}_color_blue`]: byte(colour.b),
  [`${key}_color_alpha`]: colour.alpha ?? settings[`${key}_color_alpha`],
});
