import { describe, expect, it } from 'vitest';
import { parseDictionary, pronounce, soundOut, spokenForms } from './pronounce.ts';

const dictionary = parseDictionary(
  [
    'hello HH AH L OW',
    'rough R AH F',
    'cut K AH T',
    'the DH AH',
    'the(2) DH IY',
    'three TH R IY',
    'point P OY N T',
    'five F AY V',
    'well W EH L',
    'known N OW N',
  ].join('\n'),
);

describe('pronounce', () => {
  it('takes dictionary words with their alternatives, whatever the case and punctuation', () => {
    expect(pronounce('Hello,', dictionary)).toEqual({
      pronunciations: ['HH AH L OW'],
      guessed: false,
    });
    expect(pronounce('"The', dictionary)?.pronunciations).toEqual(['DH AH', 'DH IY']);
  });

  it('says numbers and hyphenated words from their dictionary parts', () => {
    expect(pronounce('3.5', dictionary)?.pronunciations).toEqual(['TH R IY P OY N T F AY V']);
    expect(pronounce('well-known', dictionary)?.pronunciations).toEqual(['W EH L N OW N']);
  });

  it('builds compounds from a dictionary prefix, spells short capitals and sounds out the rest', () => {
    expect(pronounce('Roughcut', dictionary)).toEqual({
      pronunciations: ['R AH F K AH T'],
      guessed: false,
    });
    expect(pronounce('GPT', dictionary)?.pronunciations).toEqual(['JH IY P IY T IY']);
    expect(pronounce('Zorbla', dictionary)).toEqual({
      pronunciations: ['Z AO R B L AE'],
      guessed: true,
    });
    expect(soundOut('shipping')).toBe('SH IH P IH NG');
  });

  it('has nothing to say for punctuation alone', () => {
    expect(spokenForms('—')).toEqual([]);
    // NOTE: folded as the decoder's lexicon prior folds it, so both look up the same word.
    expect(spokenForms('Café,')).toEqual(['cafe']);
    expect(spokenForms('‘Naïve’')).toEqual(['naive']);
    expect(pronounce('...', dictionary)).toBeUndefined();
  });
});
