// A prior on the words of the beam's finished hypotheses: a word the pronouncing dictionary does
// not know costs a hypothesis a fixed score. A 27 M model's misspellings of what it heard
// ("emphastinating" for "and fascinating", "lipposition") are mostly words no dictionary has, while
// running English rarely needs one. See docs/decisions/0005-offline-transcription.md (fifth pass).
import { foldWordText, loadDictionary } from '../align/pronounce.ts';
import type { Dictionary } from '../align/pronounce.ts';
import type { BeamToken } from './beam-search.ts';
import { tokensToWords } from './moonshine-words.ts';
import { isPocketsphinxInstalled, pocketsphinxModel } from '../media/pocketsphinx-install.ts';

/**
 * Nats an unknown word costs: the log of the share of running English the CMU dictionary lacks,
 * about 1 word in 100 (0.6-1.5% of the words of the GPL, Apache and GFDL licence texts). NOTE:
 * from text that is not the development set, so not a constant fitted to it.
 */
export const UNKNOWN_WORD_NATS = Math.log(100);

/** A hypothesis's cost in nats, taken from its log probability before length normalisation. */
export type TokenPrior = (tokens: readonly BeamToken[]) => number;

// NOTE: the dictionary is American; British spellings of words it has are not unknown words.
const BRITISH: [RegExp, string][] = [
  [/our/g, 'or'],
  [/is(e|ed|es|ing|ation|ations)$/, 'iz$1'],
  [/ys(e|ed|es|ing)$/, 'yz$1'],
  [/tre(s?)$/, 'ter$1'],
  [/ll(ed|ing|er|ers)$/, 'l$1'],
  [/ogue(s?)$/, 'og$1'],
];

function knownPart(dictionary: Dictionary, part: string): boolean {
  if (!part || /\d/.test(part) || dictionary.has(part)) return true;
  // NOTE: a possessive of a known word ("Byron's", "teachers'") is known.
  const bare = part.replace(/'s?$/, '');
  if (bare !== part && dictionary.has(bare)) return true;
  return BRITISH.some(([from, to]) => {
    const american = bare.replace(from, to);
    return american !== bare && dictionary.has(american);
  });
}

/** A written word ("Byron.", "twenty-five", "Marianas'") whose every part the dictionary has. */
export function isKnownWord(dictionary: Dictionary, text: string): boolean {
  return foldWordText(text)
    .split(/[^\p{L}\p{N}']+/u)
    .every((part) => knownPart(dictionary, part.replace(/^'+/, '')));
}

/** The prior: UNKNOWN_WORD_NATS for each word of the tokens the dictionary does not know. */
export function lexiconPrior(dictionary: Dictionary, nats = UNKNOWN_WORD_NATS): TokenPrior {
  return (tokens) =>
    nats * tokensToWords(tokens).filter((w) => !isKnownWord(dictionary, w.text)).length;
}

/** The prior over the aligner's dictionary (read once per process), or none without one. */
export async function loadLexiconPrior(): Promise<TokenPrior | undefined> {
  if (!(await isPocketsphinxInstalled())) return undefined;
  return loadDictionary(pocketsphinxModel().dict).then(lexiconPrior, () => undefined);
}
