import llamaTokenizer from 'llama-tokenizer-js';
import { describe, expect, it } from 'vitest';
import type { BeamToken } from './beam-search.ts';
import { caseFoldedProbability, tokensToWords, wordConfidence } from './moonshine-words.ts';

/** The tokens of a text as the model would emit them, each with the given probability. */
function tokens(text: string, p: (piece: string) => number = () => 0.99): BeamToken[] {
  return llamaTokenizer.encode(text, false).map((id) => ({
    id,
    logProb: Math.log(p(llamaTokenizer.vocabById[id]!)),
    p: p(llamaTokenizer.vocabById[id]!),
  }));
}

describe('tokensToWords', () => {
  it('keeps capitals and punctuation on the words they belong to', () => {
    const words = tokensToWords(tokens('However, due to the slow channels, Byron wrote.'));
    expect(words.map((w) => w.text)).toEqual([
      'However,',
      'due',
      'to',
      'the',
      'slow',
      'channels,',
      'Byron',
      'wrote.',
    ]);
  });

  it("takes a word's confidence from its spelled tokens, not from its comma", () => {
    const heard = [
      ...tokens('Hello,', (piece) => (piece === ',' ? 0.2 : 0.95)),
      ...tokens('splendours', () => 0.4),
    ];
    const words = tokensToWords(heard);
    expect(words).toEqual([
      { text: 'Hello,', confidence: 0.95 },
      { text: 'splendours', confidence: 0.4 },
    ]);
  });

  it('drops special tokens and gives nothing for no tokens', () => {
    expect(tokensToWords([{ id: 32_100, logProb: 0, p: 1 }])).toEqual([]);
    expect(tokensToWords([])).toEqual([]);
    expect(wordConfidence([])).toBe(0);
    expect(wordConfidence([0.9, 0.4])).toBeCloseTo(0.6, 3);
  });
});

describe('caseFoldedProbability', () => {
  it("adds the probability of the token's other cases", () => {
    const [upper] = llamaTokenizer.encode('Century', false);
    const [lower] = llamaTokenizer.encode('century', false);
    const row = new Float32Array(llamaTokenizer.vocabById.length).fill(-30);
    row[upper!] = Math.log(0.45);
    row[lower!] = Math.log(0.45);
    expect(caseFoldedProbability(row, upper!)).toBeCloseTo(0.9, 3);
  });
});
