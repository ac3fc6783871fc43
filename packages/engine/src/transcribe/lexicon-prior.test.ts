import llamaTokenizer from 'llama-tokenizer-js';
import { describe, expect, it } from 'vitest';
import { parseDictionary } from '../align/pronounce.ts';
import { UNKNOWN_WORD_NATS, isKnownWord, lexiconPrior } from './lexicon-prior.ts';

const dictionary = parseDictionary(
  [
    'hester HH EH S T ER',
    'prynne P R IH N',
    'less L EH S',
    'color K AH L ER',
    'center S EH N T ER',
    'organize AO R G AH N AY Z',
    'traveled T R AE V AH L D',
    'built B IH L T',
    'in IH N',
    'byron B AY R AH N',
    'cafe K AH F EY',
    "don't D OW N T",
  ].join('\n'),
);
const tokens = (text: string) =>
  llamaTokenizer.encode(text, false, true).map((id) => ({ id, logProb: -0.1, p: 0.9 }));

describe('lexicon prior', () => {
  it('knows words with their capitals, punctuation, possessives and hyphens', () => {
    for (const word of ['Hester', 'Byron.', "Byron's", 'built-in', '"Prynne,"', "don't", 'Café']) {
      expect(isKnownWord(dictionary, word), word).toBe(true);
    }
    expect(isKnownWord(dictionary, 'Prin')).toBe(false);
    expect(isKnownWord(dictionary, 'built-im')).toBe(false);
  });

  it('knows numbers and the British spellings of words it has', () => {
    for (const word of ['12', '1990s', 'colour', 'centre', 'organise', 'travelled']) {
      expect(isKnownWord(dictionary, word), word).toBe(true);
    }
    expect(isKnownWord(dictionary, 'colourful')).toBe(false);
  });

  it('costs a hypothesis the fixed nats for each word it does not know', () => {
    const prior = lexiconPrior(dictionary);
    expect(prior(tokens('Hester Prynne less'))).toBe(0);
    expect(prior(tokens('Hester Prin less'))).toBeCloseTo(UNKNOWN_WORD_NATS, 6);
    expect(prior(tokens('Hestor Prin less'))).toBeCloseTo(2 * UNKNOWN_WORD_NATS, 6);
    expect(UNKNOWN_WORD_NATS).toBeCloseTo(4.6, 1);
  });
});
