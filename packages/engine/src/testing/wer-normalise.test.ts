import { describe, expect, it } from 'vitest';
import { normaliseForWer } from './wer-normalise.ts';

const spellNumber = (token: string) => normaliseForWer(token);

describe('normaliseForWer', () => {
  it('lower-cases, drops punctuation but keeps apostrophes, splits hyphens', () => {
    expect(normaliseForWer("However, don't: the WHOLE-number ratio—is it?")).toEqual([
      'however',
      "don't",
      'the',
      'whole',
      'number',
      'ratio',
      'is',
      'it',
    ]);
  });

  it('spells numbers out as spoken', () => {
    expect(normaliseForWer('by 25 to 30 years')).toEqual(
      'by twenty five to thirty years'.split(' '),
    );
    expect(normaliseForWer('said to be 3:2.')).toEqual('said to be three to two'.split(' '));
    expect(spellNumber('12')).toEqual(['twelve']);
    expect(spellNumber('105')).toEqual(['one', 'hundred', 'five']);
    expect(spellNumber('2,500')).toEqual(['two', 'thousand', 'five', 'hundred']);
    expect(spellNumber('1990')).toEqual(['nineteen', 'ninety']);
    expect(spellNumber('1905')).toEqual(['nineteen', 'oh', 'five']);
    expect(spellNumber('2024')).toEqual(['twenty', 'twenty', 'four']);
    expect(spellNumber('2005')).toEqual(['two', 'thousand', 'five']);
    expect(spellNumber('1900')).toEqual(['nineteen', 'hundred']);
    expect(spellNumber('20th')).toEqual(['twentieth']);
    expect(spellNumber('3.5')).toEqual(['three', 'point', 'five']);
    expect(spellNumber('40%')).toEqual(['forty', 'percent']);
    expect(spellNumber('abc')).toEqual(['abc']);
  });

  it('makes the dev set reference and a written hypothesis agree', () => {
    expect(normaliseForWer('the aspect ratio of this format dividing by twelve')).toEqual(
      normaliseForWer('The aspect ratio of this format, dividing by 12'),
    );
  });
});
