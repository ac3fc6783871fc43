// A phrase as ASS Dialogue events: one static line, or word by word (the spoken word in the
// highlight colour, or one word at a time). Pure, NO node imports.
import type { DrawSettings } from '@roughcut/shared';
import { assOverrideAlpha, assOverrideColour, escapeAssText } from './ass-format.ts';
import { phraseWords } from './word-timing.ts';
import type { WordedText } from './word-timing.ts';

/** One Dialogue line: `text` is ready for the Text field (escaped, with our own tags only). */
export type CaptionEvent = { start: number; end: number; text: string };

/** How much smaller a word starts in pop mode, and how long it takes to reach full size. */
const POP_FROM = 0.8;
const POP_MS = 120;

const fixed = (n: number) => String(Math.round((Number.isFinite(n) ? n : 0) * 1000) / 1000);

// NOTE: upper-casing is locale-free (toUpperCase, not toLocaleUpperCase) so the browser and the
// server agree whatever their locale: a Turkish system would otherwise turn i into İ on one side.
const caseOf = (text: string, settings: DrawSettings) =>
  settings.upper_case === true ? text.toUpperCase() : text;

export const isWordByWord = (settings: DrawSettings): boolean =>
  settings.word_highlight === true || settings.one_word_at_a_time === true;

const highlightTag = (s: DrawSettings): string =>
  `{\\1c${assOverrideColour(s.highlight_color_red, s.highlight_color_green, s.highlight_color_blue)}` +
  `\\1a${assOverrideAlpha(s.highlight_color_alpha)}}`;

const popTag = (s: DrawSettings): string =>
  `{\\fscx${fixed(s.scale_x * POP_FROM)}\\fscy${fixed(s.scale_y * POP_FROM)}` +
  `\\t(0,${POP_MS},\\fscx${fixed(s.scale_x)}\\fscy${fixed(s.scale_y)})}`;

/**
 * The events of one phrase (times already on the script's timeline).
 * NOTE: word by word is drawn with one event per word rather than karaoke tags: `\k` leaves every
 * word already spoken in the spoken colour (a fill, not one lit word), and `\kf` sweeps inside
 * a word, so a frame's look would hang on its exact sub-frame time. Whole-word events switch on
 * centisecond boundaries that libass in ffmpeg and in jassub read alike, and the line keeps its
 * layout as only a colour changes.
 */
export function captionEvents(segment: WordedText, settings: DrawSettings): CaptionEvent[] {
  if (!isWordByWord(settings)) {
    return [
      {
        start: segment.start,
        end: segment.end,
        text: escapeAssText(caseOf(segment.phrase, settings)),
      },
    ];
  }
  const words = phraseWords(segment)
    .map((w) => ({ ...w, text: escapeAssText(caseOf(w.text, settings)) }))
    .filter((w) => w.text);
  const first = words[0];
  if (!first) return [];
  // NOTE: a word stays lit until the next one starts, so a pause between words never blanks it.
  const until = (i: number) => words[i + 1]?.start ?? segment.end;
  const lit = settings.word_highlight === true ? highlightTag(settings) : '';

  if (settings.one_word_at_a_time === true) {
    return words.map((w, i) => ({
      start: i === 0 ? segment.start : w.start,
      end: until(i),
      text: `${popTag(settings)}${lit}${w.text}`,
    }));
  }
  const line = (litIndex: number) =>
    words
      .map((w, i) =>
        i === litIndex ? `${lit}${w.text}${i < words.length - 1 ? '{\\r}' : ''}` : w.text,
      )
      .join(' ');
  const events = words.map((w, i) => ({ start: w.start, end: until(i), text: line(i) }));
  return first.start > segment.start
    ? [{ start: segment.start, end: first.start, text: line(-1) }, ...events]
    : events;
}
