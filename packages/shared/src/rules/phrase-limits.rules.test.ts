import { describe, expect, it } from 'vitest';
import { MAX_PHRASE_CHARS } from '../contracts/clip.contract.ts';
import {
  MAX_PHRASE_CHARS_PER_SECOND,
  SHORT_PHRASE_CHAR_ALLOWANCE,
  confirmPhrasesError,
  phraseCharCap,
  phraseTextLimit,
} from './phrase-limits.rules.ts';

const clip = [
  { start: 1, end: 3.2, phrase: 'Welcome to the' },
  { start: 3.4, end: 3.6, phrase: '' },
  { start: 4.7, end: 6, phrase: 'video editing test' },
];

describe('phrase text cap', () => {
  it('allows a short phrase a few words and grows with the time, up to the contract limit', () => {
    expect(phraseCharCap(0)).toBe(SHORT_PHRASE_CHAR_ALLOWANCE);
    expect(phraseCharCap(2)).toBe(SHORT_PHRASE_CHAR_ALLOWANCE + 2 * MAX_PHRASE_CHARS_PER_SECOND);
    expect(phraseCharCap(60)).toBe(MAX_PHRASE_CHARS);
    expect(phraseCharCap(-1)).toBe(SHORT_PHRASE_CHAR_ALLOWANCE);
  });

  it('lets the editor keep a recognised text longer than the cap, never more', () => {
    const long = { start: 0, end: 0.1, phrase: 'x'.repeat(60) };
    expect(phraseTextLimit(long)).toBe(60);
    expect(phraseTextLimit({ ...long, phrase: 'x' })).toBe(44);
  });
});

describe('confirmed phrases', () => {
  it('accepts the clip’s phrases edited and deleted, and float noise in their times', () => {
    expect(confirmPhrasesError([], clip)).toBeUndefined();
    const edited = [
      { start: 1.0000001, end: 3.2, phrase: 'Welcome to THE' },
      { start: 4.7, end: 6, phrase: 'x'.repeat(phraseCharCap(1.3)) },
    ];
    expect(confirmPhrasesError(edited, clip)).toBeUndefined();
    // The same phrase shown (stored edits) and detected counts once.
    expect(confirmPhrasesError(edited, [...clip, ...clip])).toBeUndefined();
  });

  it('refuses more phrases than the clip has', () => {
    const many = Array.from({ length: 20_000 }, () => ({ start: 1, end: 6, phrase: 'x' }));
    expect(confirmPhrasesError(many, clip)).toBe(
      'This clip has 3 phrases and the confirmation carries 20000. Phrases can be edited or deleted, not added. Reload the clip and try again.',
    );
  });

  it('refuses overlapping, added or moved phrases', () => {
    expect(
      confirmPhrasesError(
        [
          { start: 1, end: 3.2, phrase: 'a' },
          { start: 2, end: 3, phrase: 'b' },
        ],
        clip,
      ),
    ).toBe(
      "The phrases at 1.00 s and 2.00 s overlap. Phrases keep the times of the clip's own phrases: reload the clip and try again.",
    );
    expect(confirmPhrasesError([{ start: 1, end: 3.5, phrase: 'a' }], clip)).toBe(
      "The phrase at 1.00 s to 3.50 s is not one of this clip's phrases. Phrases can be edited or deleted, not added or moved: reload the clip and try again.",
    );
    const twice = [
      { start: 1, end: 3.2, phrase: 'a' },
      { start: 1, end: 3.2, phrase: 'a' },
    ];
    expect(confirmPhrasesError(twice, clip)).toMatch(/^The phrases at 1.00 s and 1.00 s overlap/);
  });

  it('refuses more text than the phrase’s time can carry', () => {
    const text = 'x'.repeat(phraseCharCap(2.2) + 1);
    expect(confirmPhrasesError([{ start: 1, end: 3.2, phrase: text }], clip)).toBe(
      `The phrase at 1.00 s holds ${text.length} characters; a phrase of 2.20 s can hold at most ${phraseCharCap(2.2)}, more than anyone says in that time. Shorten it.`,
    );
  });

  it('accepts a recognised text longer than the cap back as it was', () => {
    const fast = [{ start: 0, end: 0.1, phrase: 'y'.repeat(80) }];
    expect(confirmPhrasesError(fast, fast)).toBeUndefined();
    expect(confirmPhrasesError([{ ...fast[0]!, phrase: 'y'.repeat(81) }], fast)).toMatch(
      /holds 81 characters/,
    );
  });
});
