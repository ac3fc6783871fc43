import { describe, expect, it } from 'vitest';
import { spellInteger, spellNumberToken } from './spell-number.ts';

describe('spellNumberToken', () => {
  it('says whole numbers, years, decimals, ordinals, money and percentages', () => {
    expect(spellInteger(0)).toEqual(['zero']);
    expect(spellInteger(42)).toEqual(['forty', 'two']);
    expect(spellInteger(1990)).toEqual(['nineteen', 'ninety']);
    expect(spellInteger(1905)).toEqual(['nineteen', 'oh', 'five']);
    expect(spellInteger(2005)).toEqual(['two', 'thousand', 'five']);
    expect(spellInteger(3_400_012)).toEqual([
      'three',
      'million',
      'four',
      'hundred',
      'thousand',
      'twelve',
    ]);
    expect(spellNumberToken('3.5')).toEqual(['three', 'point', 'five']);
    expect(spellNumberToken('21st')).toEqual(['twenty', 'first']);
    expect(spellNumberToken('12th')).toEqual(['twelfth']);
    expect(spellNumberToken('$5')).toEqual(['five', 'dollars']);
    expect(spellNumberToken('50%')).toEqual(['fifty', 'percent']);
    expect(spellNumberToken('1,000')).toEqual(['one', 'thousand']);
    expect(spellNumberToken('1920s')).toEqual(['nineteen', 'twenties']);
    expect(spellNumberToken('1900')).toEqual(['nineteen', 'hundred']);
    expect(spellNumberToken('1,500')).toEqual(['one', 'thousand', 'five', 'hundred']);
    expect(spellNumberToken('3:2')).toEqual(['three', 'to', 'two']);
  });

  it('leaves tokens without a number alone', () => {
    expect(spellNumberToken('hello')).toBeUndefined();
    expect(spellNumberToken('mp3')).toBeUndefined();
    expect(spellNumberToken('1,50')).toBeUndefined();
  });
});
