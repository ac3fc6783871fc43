import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { buildAss } from './build-ass.ts';
import { captionEvents } from './caption-events.ts';

const HIGHLIGHT: DrawSettings = {
  ...DEFAULT_DRAW_SETTINGS,
  word_highlight: true,
  highlight_color_red: 255,
  highlight_color_green: 214,
  highlight_color_blue: 0,
  highlight_color_alpha: 1,
};
const LIT = '{\\1c&H00D6FF&\\1a&H00&}';

const phrase = {
  start: 1,
  end: 3,
  phrase: 'We ship today',
  words: [
    { text: 'We', start: 1.2, end: 1.4 },
    { text: 'ship', start: 1.5, end: 1.9 },
    { text: 'today', start: 2.3, end: 2.8 },
  ],
};

const dialogues = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:'));

describe('captionEvents', () => {
  it('is one static line when word-by-word styles are off, as before', () => {
    expect(captionEvents(phrase, DEFAULT_DRAW_SETTINGS)).toEqual([
      { start: 1, end: 3, text: 'We ship today' },
    ]);
  });

  it('writes the same script with or without words while the word styles are off', () => {
    const { words: _words, ...bare } = phrase;
    expect(buildAss([phrase], DEFAULT_DRAW_SETTINGS)).toBe(buildAss([bare], DEFAULT_DRAW_SETTINGS));
  });

  it('lights each word from its start until the next word starts, the last until the phrase ends', () => {
    expect(captionEvents(phrase, HIGHLIGHT)).toEqual([
      { start: 1, end: 1.2, text: 'We ship today' },
      { start: 1.2, end: 1.5, text: `${LIT}We{\\r} ship today` },
      { start: 1.5, end: 2.3, text: `We ${LIT}ship{\\r} today` },
      { start: 2.3, end: 3, text: `We ship ${LIT}today` },
    ]);
  });

  it('writes the highlighted events back to back on centisecond times', () => {
    const lines = dialogues(buildAss([phrase], HIGHLIGHT));
    expect(lines.map((l) => l.split(',').slice(1, 3).join('-'))).toEqual([
      '0:00:01.00-0:00:01.20',
      '0:00:01.20-0:00:01.50',
      '0:00:01.50-0:00:02.30',
      '0:00:02.30-0:00:03.00',
    ]);
  });

  it('spreads the words evenly over an edited phrase (the server stores typed words so)', () => {
    const edited = { ...phrase, phrase: 'We shipped it today' };
    expect(captionEvents(edited, HIGHLIGHT).map((e) => [e.start, e.end])).toEqual([
      [1, 1.5],
      [1.5, 2],
      [2, 2.5],
      [2.5, 3],
    ]);
  });

  it('shows one word at a time, popping from 80% to the style scale, lit when highlight is on', () => {
    const pop = { ...DEFAULT_DRAW_SETTINGS, one_word_at_a_time: true, scale_x: 90 };
    const grow = '{\\fscx72\\fscy80\\t(0,120,\\fscx90\\fscy100)}';
    expect(captionEvents(phrase, pop)).toEqual([
      { start: 1, end: 1.5, text: `${grow}We` },
      { start: 1.5, end: 2.3, text: `${grow}ship` },
      { start: 2.3, end: 3, text: `${grow}today` },
    ]);
    const litPop = captionEvents(phrase, { ...pop, word_highlight: true });
    expect(litPop[1]?.text).toBe(`${grow}${LIT}ship`);
  });

  it('never lets user text open a tag: braces and backslashes in words stay inert', () => {
    const hostile = {
      start: 0,
      end: 2,
      phrase: '{\\c&HFF&}evil \\N next',
      words: [
        { text: '{\\c&HFF&}evil', start: 0, end: 1 },
        { text: '\\N', start: 1, end: 1.5 },
        { text: 'next', start: 1.5, end: 2 },
      ],
    };
    for (const settings of [HIGHLIGHT, { ...HIGHLIGHT, one_word_at_a_time: true }]) {
      for (const event of captionEvents(hostile, settings)) {
        // Our own tags only: strip them and no brace or backslash is left.
        const own = event.text
          .replaceAll(LIT, '')
          .replaceAll('{\\r}', '')
          .replace(/\{\\fscx[\d.]+\\fscy[\d.]+\\t\(0,120,\\fscx[\d.]+\\fscy[\d.]+\)\}/, '');
        expect(own).not.toMatch(/[{}\\]/);
      }
    }
    expect(captionEvents(hostile, HIGHLIGHT)[0]?.text).toBe(
      `${LIT}\uFF5B\u29F5c&HFF&\uFF5Devil{\\r} \u29F5N next`,
    );
  });

  it('upper-cases without a locale, non-ASCII letters included', () => {
    const text = 'straße élan ǆungla istanbul';
    const upper = { ...DEFAULT_DRAW_SETTINGS, upper_case: true };
    expect(captionEvents({ start: 0, end: 4, phrase: text }, upper)[0]?.text).toBe(
      'STRASSE ÉLAN ǄUNGLA ISTANBUL',
    );
    const lit = captionEvents(
      { start: 0, end: 4, phrase: text },
      { ...HIGHLIGHT, upper_case: true },
    );
    expect(lit.map((e) => e.text)).toEqual([
      `${LIT}STRASSE{\\r} ÉLAN ǄUNGLA ISTANBUL`,
      `STRASSE ${LIT}ÉLAN{\\r} ǄUNGLA ISTANBUL`,
      `STRASSE ÉLAN ${LIT}ǄUNGLA{\\r} ISTANBUL`,
      `STRASSE ÉLAN ǄUNGLA ${LIT}ISTANBUL`,
    ]);
  });

  it('keeps the highlight inside the phrase when words run past its hand-moved times', () => {
    const moved = { ...phrase, start: 1.3, end: 2.5 };
    expect(captionEvents(moved, HIGHLIGHT).map((e) => [e.start, e.end])).toEqual([
      [1.3, 1.5],
      [1.5, 2.3],
      [2.3, 2.5],
    ]);
  });

  it('shifts the words with the script offset', () => {
    const lines = dialogues(buildAss([phrase], HIGHLIGHT, { timeOffsetS: -1 }));
    expect(lines[1]).toContain('0:00:00.20,0:00:00.50');
  });
});
