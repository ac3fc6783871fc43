// A short's captions as the render burns them, for the timelines: the clip's style laid out at the
// frame's size (as libass scales the style's script onto the frame: sizes and vertical margins by
// the height, side margins by the width, the outline by the mean of the two; see ass-play-res.ts),
// and the lines the burn shows, word by word where the style says so, each with its lit word.
import { FONT_FILES, clampDrawSettings, resolvePlayRes } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { captionEvents } from '../subtitles/caption-events.ts';
import { emOfLineSize, fontMetricsOf } from '../subtitles/font-metrics.ts';
import type { TimedText } from '../subtitles/index.ts';
import type { FrameSize } from './ass-play-res.ts';

export type Rgba = { r: number; g: number; b: number; a: number };

export type CaptionStyle = {
  /** The font's family name, as libass and fontconfig find it (not the menu's font name). */
  family: string;
  /** The font size in frame pixels (the ASS size at the frame's scale: the whole line's height). */
  size: number;
  /** The same size as an em in frame pixels, as Qt sizes a font (Shotcut's and Kdenlive's text). */
  em: number;
  /** The face's weight (the file's own: 900 for a black face), so the editor finds that face. */
  weight: number;
  bold: boolean;
  italic: boolean;
  colour: Rgba;
  /** The spoken word's colour in a word-by-word style (null: words are not lit). */
  highlight: Rgba | null;
  outline: { colour: Rgba; width: number };
  /** The box behind the text (ASS border style 3, drawn in the outline colour), or null. */
  box: Rgba | null;
  /** Where the lines sit, from the style's numpad alignment. */
  halign: 'left' | 'center' | 'right';
  valign: 'top' | 'middle' | 'bottom';
  /** Margins in frame pixels: left, right, and from the top or bottom edge. */
  margins: { left: number; right: number; vertical: number };
};

/** A stretch of a caption line: lit while its word is spoken (a word-by-word style). */
export type CaptionRun = { text: string; lit: boolean };

/** A caption line as the burn shows it, in seconds on the cut timeline. */
export type StyledLine = { start: number; end: number; runs: CaptionRun[] };

const rgba = (r: number, g: number, b: number, a: number): Rgba => ({ r, g, b, a });

export function captionStyleAt(drawSettings: DrawSettings, frame: FrameSize): CaptionStyle {
  const s = clampDrawSettings(drawSettings);
  const res = resolvePlayRes(s);
  const byWidth = frame.width / res.x;
  const byHeight = frame.height / res.y;
  const font = FONT_FILES[s.font_name] ?? FONT_FILES.Arial;
  const bold = s.bold || font.alwaysBold;
  const faceName = s.bold ? (s.italic ? 'bold_italic' : 'bold') : s.italic ? 'italic' : 'regular';
  const face = font.faces[faceName];
  const metrics = fontMetricsOf(face ?? font.faces.regular);
  // NOTE: a bold asked of a font without a bold face is drawn bolder by libass: at least 700.
  const weight = Math.max(metrics?.weight ?? 400, s.bold && !face ? 700 : bold ? 700 : 0);
  const align = Math.min(9, Math.max(1, Math.round(s.alignment)));
  const column = (align - 1) % 3;
  const outlineColour = rgba(
    s.outline_color_red,
    s.outline_color_green,
    s.outline_color_blue,
    s.outline_color_alpha,
  );
  return {
    family: font.family,
    size: s.size * byHeight,
    em: emOfLineSize(metrics, s.size * byHeight),
    weight,
    bold,
    italic: s.italic,
    colour: rgba(
      s.primary_color_red,
      s.primary_color_green,
      s.primary_color_blue,
      s.primary_color_alpha,
    ),
    highlight:
      s.word_highlight === true
        ? rgba(
            s.highlight_color_red,
            s.highlight_color_green,
            s.highlight_color_blue,
            s.highlight_color_alpha,
          )
        : null,
    outline: { colour: outlineColour, width: (s.outline * (byWidth + byHeight)) / 2 },
    box: s.border_style === 3 ? outlineColour : null,
    halign: column === 0 ? 'left' : column === 1 ? 'center' : 'right',
    valign: align >= 7 ? 'top' : align >= 4 ? 'middle' : 'bottom',
    margins: {
      left: s.margin_left * byWidth,
      right: s.margin_right * byWidth,
      vertical: s.margin_vertical * byHeight,
    },
  };
}

/**
 * The lines of one phrase (already on the cut timeline) as the burn draws them: buildAss's own
 * events (captionEvents), read back into runs. NOTE: the events' text is escaped user text with
 * only Roughcut's own tags, which cannot be spelled by the text (ass-format.ts): `{\1c…}` lights a
 * word, `{\r}` ends it, the pop-in's scale tag draws nothing.
 */
export function styledLines(phrase: TimedText, settings: DrawSettings): StyledLine[] {
  const clamped = clampDrawSettings(settings);
  return captionEvents(phrase, clamped)
    .filter((e) => e.text && Math.round(e.end * 100) > Math.round(e.start * 100))
    .map((e) => ({ start: e.start, end: e.end, runs: runsOf(e.text) }));
}

function runsOf(text: string): CaptionRun[] {
  const runs: CaptionRun[] = [];
  let lit = false;
  for (const part of text.split(/(\{[^}]*\})/)) {
    if (part.startsWith('{')) {
      if (part.startsWith('{\\1c')) lit = true;
      else if (part === '{\\r}') lit = false;
      continue;
    }
    if (!part) continue;
    const last = runs[runs.length - 1];
    if (last && last.lit === lit) last.text += part;
    else runs.push({ text: part, lit });
  }
  return runs;
}

/** `#AARRGGBB`, as MLT's text filters read a colour. */
export const mltColour = (c: Rgba): string =>
  `#${[Math.round(c.a * 255), c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** "r g b a" in 0–1, as FCPXML's text styles read a colour. */
export const fcpxColour = (c: Rgba): string =>
  [c.r / 255, c.g / 255, c.b / 255, c.a].map((v) => String(Math.round(v * 1000) / 1000)).join(' ');

/** The colour a whole line is drawn in where a format has one colour per text: lit when all is. */
export function lineColour(style: CaptionStyle, runs: readonly CaptionRun[] | undefined): Rgba {
  const words = (runs ?? []).filter((r) => r.text.trim());
  const allLit = words.length > 0 && words.every((r) => r.lit);
  return allLit && style.highlight ? style.highlight : style.colour;
}
