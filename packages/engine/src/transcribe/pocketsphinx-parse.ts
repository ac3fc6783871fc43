import type { Word } from '../types.ts';

// A word line of `pocketsphinx_continuous -time yes`: `word start end posterior`.
const WORD_LINE =
  /^(\S+)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;
// Silence and the noise dictionary's fillers: <s>, </s>, <sil>, [NOISE], [SPEECH], ++UM++, ...
const FILLER = /^(<.*>|\[.*\]|\+\+.*\+\+|\+.*\+)$/;
// Sphinx's logmath base, for builds that print a log posterior instead of a probability.
const SPHINX_LOG_BASE = 1.0001;

/** Posterior to a 0-1 confidence: already a probability in 0.8; a log value (<= 0) otherwise. */
export function posteriorToConfidence(posterior: number): number {
  if (!Number.isFinite(posterior)) return 0;
  if (posterior >= 0 && posterior <= 1) return posterior;
  if (posterior > 1) return 1;
  return Math.min(1, Math.max(0, Math.pow(SPHINX_LOG_BASE, posterior)));
}

/** One output line to a word, or undefined for hypothesis lines, fillers and noise. */
export function parsePocketsphinxLine(line: string): Word | undefined {
  const match = WORD_LINE.exec(line.trim());
  if (!match) return undefined;
  const [, token = '', start, end, posterior] = match;
  if (FILLER.test(token)) return undefined;
  // `to(2)` is the dictionary's second pronunciation of `to`.
  const text = token.replace(/\(\d+\)$/, '');
  if (!text) return undefined;
  const startS = Number(start);
  const endS = Number(end);
  if (!(endS >= startS) || startS < 0) return undefined;
  return { text, start: startS, end: endS, confidence: posteriorToConfidence(Number(posterior)) };
}

/** All words of a run's stdout, sorted by start time. */
export function parsePocketsphinxOutput(output: string): Word[] {
  const words: Word[] = [];
  for (const line of output.split('\n')) {
    const word = parsePocketsphinxLine(line);
    if (word) words.push(word);
  }
  return words.sort((a, b) => a.start - b.start || a.end - b.end);
}
