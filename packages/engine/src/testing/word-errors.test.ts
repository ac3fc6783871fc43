import { describe, expect, it } from 'vitest';
import { errorCount, wordErrors } from './word-errors.ts';

describe('wordErrors', () => {
  it('counts substitutions, deletions and insertions of a Levenshtein alignment', () => {
    const e = wordErrors('the cat sat on the mat', ['The', 'bat', 'sat', 'the', 'mat', 'today.']);
    expect(e).toMatchObject({ reference: 6, substitutions: 1, deletions: 1, insertions: 1 });
    expect(errorCount(e)).toBe(3);
    expect(e.hypothesisRight).toEqual([true, false, true, true, true, false]);
  });

  it('judges a written number by all the words it stands for', () => {
    const right = wordErrors('lag by twenty five years', ['lag', 'by', '25', 'years.']);
    expect(errorCount(right)).toBe(0);
    const wrong = wordErrors('lag by twenty five years', ['lag', 'by', '35', 'years.']);
    expect(wrong.hypothesisRight).toEqual([true, true, false, true]);
  });
});
