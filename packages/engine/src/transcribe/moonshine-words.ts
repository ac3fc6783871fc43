// Moonshine's tokens made into written words ("Hello," keeps its capital and comma), each with a
// confidence from its tokens' probabilities.
import llamaTokenizer from 'llama-tokenizer-js';
import type { BeamToken } from './beam-search.ts';

const END_TOKEN = 2;

export type HeardWord = { text: string; confidence: number };

/** A piece that starts a word carries SentencePiece's word-boundary mark. */
const WORD_START = '\u2581';
/** Pieces Moonshine adds after Llama's 32,000 are special tokens, never text. */
const VOCAB = llamaTokenizer.vocabById.length;

/**
 * A word's confidence: the geometric mean of its spelled tokens' probabilities (case variants
 * added). NOTE: measured on the development set against the minimum and the first token's (decision
 * 0005): at the spec's tolerance 0.8 it flags the most wrong words for the fewest right ones, with
 * no constant fitted to the set.
 */
export function wordConfidence(probabilities: readonly number[]): number {
  if (!probabilities.length) return 0;
  const meanLog =
    probabilities.reduce((sum, p) => sum + Math.log(Math.max(p, 1e-9)), 0) / probabilities.length;
  return Math.round(Math.min(1, Math.exp(meanLog)) * 1000) / 1000;
}

const isPunctuationOnly = (text: string) => !/[\p{L}\p{N}]/u.test(text);

let variants: Map<number, number[]> | undefined;

/** Pieces that differ from each other only in letter case ("▁The", "▁the", "▁THE"). */
function caseVariants(): Map<number, number[]> {
  if (!variants) {
    const byFolded = new Map<string, number[]>();
    llamaTokenizer.vocabById.forEach((piece, id) => {
      const key = piece.toLowerCase();
      byFolded.set(key, [...(byFolded.get(key) ?? []), id]);
    });
    variants = new Map();
    for (const ids of byFolded.values()) {
      if (ids.length > 1) for (const id of ids) variants.set(id, ids);
    }
  }
  return variants;
}

/**
 * A token's probability with its case variants' added: a word the model is sure of but unsure
 * whether to capitalise ("Century" or "century") is not a misheard word.
 */
export function caseFoldedProbability(logProbs: Float32Array, id: number): number {
  const ids = caseVariants().get(id) ?? [id];
  return Math.min(
    1,
    ids.reduce((sum, v) => sum + Math.exp(logProbs[v] ?? -Infinity), 0),
  );
}

/** Groups tokens into words at word-start pieces; punctuation alone joins the word before it. */
export function tokensToWords(tokens: readonly BeamToken[]): HeardWord[] {
  const groups: BeamToken[][] = [];
  for (const token of tokens) {
    if (token.id >= VOCAB || token.id <= END_TOKEN) continue;
    const piece = llamaTokenizer.vocabById[token.id] ?? '';
    if (piece.startsWith(WORD_START) || !groups.length) groups.push([token]);
    else groups.at(-1)!.push(token);
  }
  const words: { text: string; probabilities: number[] }[] = [];
  for (const group of groups) {
    const text = llamaTokenizer
      .decode(
        group.map((t) => t.id),
        false,
        false,
      )
      .trim();
    if (!text) continue;
    // NOTE: a comma's doubt is not the word's: punctuation tokens are left out of its confidence.
    const spelled = group.filter((t) => !isPunctuationOnly(llamaTokenizer.vocabById[t.id] ?? ''));
    const probabilities = (spelled.length ? spelled : group).map((t) => t.p);
    const previous = words.at(-1);
    if (previous && isPunctuationOnly(text)) {
      previous.text += text;
      continue;
    }
    words.push({ text, probabilities });
  }
  return words.map((w) => ({ text: w.text, confidence: wordConfidence(w.probabilities) }));
}
