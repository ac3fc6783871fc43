// Word error rate by a word-level Levenshtein alignment of a hypothesis to its reference, and which
// hypothesis words the alignment found right (what the confidence flags are judged against).
import { normaliseForWer } from './wer-normalise.ts';

export type WordErrors = {
  /** Reference words (normalised). */
  reference: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Per hypothesis word as given (before normalisation): every one of its tokens matched. */
  hypothesisRight: boolean[];
};

export const errorCount = (e: WordErrors): number => e.substitutions + e.deletions + e.insertions;

/** Aligns normalised token lists; returns, per hypothesis token, whether it matched. */
export function alignTokens(
  reference: readonly string[],
  hypothesis: readonly string[],
): Omit<WordErrors, 'hypothesisRight'> & { matched: boolean[] } {
  const n = reference.length;
  const m = hypothesis.length;
  const cost = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = 0; i <= n; i++) cost[i]![0] = i;
  for (let j = 0; j <= m; j++) cost[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = reference[i - 1] === hypothesis[j - 1] ? 0 : 1;
      cost[i]![j] = Math.min(
        cost[i - 1]![j - 1]! + same,
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
      );
    }
  }
  const matched: boolean[] = Array.from({ length: m }, () => false);
  let [i, j, substitutions, deletions, insertions] = [n, m, 0, 0, 0];
  while (i > 0 || j > 0) {
    const here = cost[i]![j]!;
    if (i > 0 && j > 0) {
      const same = reference[i - 1] === hypothesis[j - 1];
      if (here === cost[i - 1]![j - 1]! + (same ? 0 : 1)) {
        if (same) matched[j - 1] = true;
        else substitutions++;
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && here === cost[i - 1]![j]! + 1) {
      deletions++;
      i--;
    } else {
      insertions++;
      j--;
    }
  }
  return { reference: n, substitutions, deletions, insertions, matched };
}

/** Errors of a recogniser's words (as it wrote them) against a reference text. */
export function wordErrors(referenceText: string, hypothesisWords: readonly string[]): WordErrors {
  const owner: number[] = [];
  const tokens: string[] = [];
  hypothesisWords.forEach((word, index) => {
    for (const token of normaliseForWer(word)) {
      tokens.push(token);
      owner.push(index);
    }
  });
  const { matched, ...counts } = alignTokens(normaliseForWer(referenceText), tokens);
  const hypothesisRight = hypothesisWords.map(() => true);
  owner.forEach((index, t) => {
    if (!matched[t]) hypothesisRight[index] = false;
  });
  // A word that normalises to nothing (a lone dash) is neither right nor wrong: counted right.
  return { ...counts, hypothesisRight };
}
