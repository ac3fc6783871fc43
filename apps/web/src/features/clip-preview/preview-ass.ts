import { FONT_FILES } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';

// The ASS script of a clip preview: the clip's segments as events on the SOURCE timeline (the
// preview plays the source video and skips the gaps), styled with the clip's draw settings.
// NOTE: a small pure adapter until the engine's own builder (packages/engine/src/subtitles) can be
// imported by the browser; it follows the same field mapping of SPEC 3's settings onto an ASS
// style, and names the font by the family inside the served file (see shared fonts.ts).

export type TimedPhrase = { start: number; end: number; phrase: string };

/** ASS colour &HAABBGGRR; ASS alpha is transparency (00 opaque), ours is opacity 0..1. */
export const assColor = (r: number, g: number, b: number, alpha: number): string => {
  const hex = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .toUpperCase()
      .padStart(2, '0');
  const transparency = 255 * (1 - Math.min(1, Math.max(0, alpha)));
  return `&H${hex(transparency)}${hex(b)}${hex(g)}${hex(r)}`;
};

/** ASS time H:MM:SS.cc */
export const assTime = (seconds: number): string => {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${h}:${two(m)}:${two(s)}.${two(c)}`;
};

/**
 * Spoken text as plain ASS dialogue: braces would open override blocks and backslashes would
 * start escapes (\N, \h), so they are replaced by look-alikes; line breaks become spaces.
 */
export const escapeAssText = (text: string): string =>
  text
    .replace(/\\/g, '\u29F5')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();

const flag = (on: boolean) => (on ? '-1' : '0');
const num = (n: number) => String(Math.round(n * 100) / 100);

export function buildPreviewAss(phrases: readonly TimedPhrase[], s: DrawSettings): string {
  const font = FONT_FILES[s.font_name];
  const header = [
    '[Script Info]',
    'ScriptType: v4.00+',
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    ...(s.play_res_x > 0 && s.play_res_y > 0
      ? [`PlayResX: ${num(s.play_res_x)}`, `PlayResY: ${num(s.play_res_y)}`]
      : []),
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Default,${font.family},${num(s.size)},${assColor(
      s.primary_color_red,
      s.primary_color_green,
      s.primary_color_blue,
      s.primary_color_alpha,
    )},${assColor(
      s.secondary_color_red,
      s.secondary_color_green,
      s.secondary_color_blue,
      s.secondary_color_alpha,
    )},${assColor(
      s.outline_color_red,
      s.outline_color_green,
      s.outline_color_blue,
      s.outline_color_alpha,
    )},${assColor(
      s.shadow_color_red,
      s.shadow_color_green,
      s.shadow_color_blue,
      s.shadow_color_alpha,
    )},${flag(s.bold || font.alwaysBold)},${flag(s.italic)},${flag(s.underline)},${flag(
      s.strike_out,
    )},${num(s.scale_x)},${num(s.scale_y)},${num(s.spacing)},${num(s.angle)},${s.border_style},${num(
      s.outline,
    )},${num(s.shadow)},${s.alignment},${Math.round(s.margin_left)},${Math.round(
      s.margin_right,
    )},${Math.round(s.margin_vertical)},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const events = phrases
    .filter((p) => p.end > p.start && escapeAssText(p.phrase) !== '')
    .map(
      (p) =>
        `Dialogue: 0,${assTime(p.start)},${assTime(p.end)},Default,,0,0,0,,${escapeAssText(p.phrase)}`,
    );
  return `${[...header, ...events].join('\n')}\n`;
}
