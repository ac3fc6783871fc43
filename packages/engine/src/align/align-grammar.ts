// The files one forced alignment runs on: a finite-state grammar that walks through the known
// words in order, and a dictionary with one entry per word position. Each position is its own
// dictionary word (`w0`, `w1`, ...), so an output word names the input word it is, even when a
// word repeats or the aligner skipped one.
import type { Pronounced } from './pronounce.ts';

/**
 * Probability of passing a word without hearing it. NOTE: small, so a word is only skipped when
 * forcing it costs far more than that (a word the recogniser heard that was never said); a
 * skipped word still gets a time, between its neighbours, and a lower confidence.
 */
export const SKIP_PROBABILITY = 0.001;

export const positionWord = (index: number): string => `w${index}`;

/**
 * The hesitations the aligner may hear between two words, as the pronunciation dictionary says
 * them. NOTE: a recogniser trained on clean text (Moonshine) often leaves them out; the grammar
 * lets the aligner find them where the recogniser wrote nothing.
 */
// NOTE: "hmm" (HH M) is left out: its HH is a breath, which the loop then heard after phrases.
export const FILLER_PRONUNCIATIONS: Readonly<Record<string, string>> = {
  um: 'AH M',
  uh: 'AH',
  er: 'ER',
  erm: 'ER M',
  ah: 'AA',
};

/**
 * Probability of one filler between two words. NOTE: small, so the aligner only hears one where
 * voice between the words is explained far better by a hesitation than by silence or by
 * stretching a neighbouring word.
 */
export const FILLER_PROBABILITY = 0.002;

/**
 * Probability of hearing a filler instead of a word the recogniser doubted (`replaceable`). NOTE:
 * under the word's own arc, so where the two sound alike ("a" and "uh" are both AH) the word
 * stays; only sound the word's phones do not fit goes to the filler. At 0.05 the word kept even a
 * held "uh" Moonshine wrote as "got" (forcing a G and a T on it cost less than the prior); at
 * the word's own 0.999 a held "her" lost to "uh". 0.3 decides the same as 0.2-0.7 on the fillers
 * bench and the extra sentences, and no real word was replaced there with every short word
 * competing.
 */
export const REPLACE_PROBABILITY = 0.3;

const fillerWord = (text: string): string => `f_${text}`;

export type GrammarOptions = {
  fillers?: boolean;
  /** With `fillers`: the positions a filler may stand in for (doubtful short words). */
  replaceable?: readonly boolean[];
};

/**
 * Sphinx FSG text: states 0..n, word i on the arc i -> i+1, and a rare null arc beside it. With
 * `fillers`, each state between two words also has a loop for each filler.
 */
export function buildAlignmentGrammar(
  words: (Pronounced | undefined)[],
  options: GrammarOptions = {},
): string {
  const lines = [
    'FSG_BEGIN align',
    `NUM_STATES ${words.length + 1}`,
    'START_STATE 0',
    `FINAL_STATE ${words.length}`,
  ];
  words.forEach((word, i) => {
    if (word) {
      lines.push(`TRANSITION ${i} ${i + 1} ${1 - SKIP_PROBABILITY} ${positionWord(i)}`);
      lines.push(`TRANSITION ${i} ${i + 1} ${SKIP_PROBABILITY}`);
      if (options.fillers && options.replaceable?.[i]) {
        for (const text of Object.keys(FILLER_PRONUNCIATIONS)) {
          lines.push(`TRANSITION ${i} ${i + 1} ${REPLACE_PROBABILITY} ${fillerWord(text)}`);
        }
      }
    } else {
      // Nothing to say ("—", "..."): passed over, timed between its neighbours.
      lines.push(`TRANSITION ${i} ${i + 1} 1.0`);
    }
    // NOTE: not before the first word nor after the last: the chunk's padding there holds
    // breaths and the neighbouring utterance's edges, which are no fillers of this one.
    if (options.fillers && i > 0) {
      for (const text of Object.keys(FILLER_PRONUNCIATIONS)) {
        lines.push(`TRANSITION ${i} ${i} ${FILLER_PROBABILITY} ${fillerWord(text)}`);
      }
    }
  });
  lines.push('FSG_END', '');
  return lines.join('\n');
}

/** The dictionary for the grammar: `w3 HH AH L OW`, alternatives as `w3(2) ...`. */
export function buildAlignmentDictionary(
  words: (Pronounced | undefined)[],
  options: GrammarOptions = {},
): string {
  const lines: string[] = [];
  if (options.fillers) {
    for (const [text, phones] of Object.entries(FILLER_PRONUNCIATIONS)) {
      lines.push(`${fillerWord(text)} ${phones}`);
    }
  }
  words.forEach((word, i) => {
    word?.pronunciations.forEach((phones, k) => {
      lines.push(`${positionWord(i)}${k === 0 ? '' : `(${k + 1})`} ${phones}`);
    });
  });
  lines.push('');
  return lines.join('\n');
}

export type AlignedPosition = { index: number; start: number; end: number };

/**
 * The positions in `-time yes` output (`w3 0.350 0.670 1.000000`, `w3(2) ...`), in the chunk's
 * own seconds. NOTE: the printed end is the start of the word's last 10 ms frame; a frame is
 * added so the end is where the word stops.
 */
export function parseAlignmentOutput(output: string, wordCount: number): AlignedPosition[] {
  const positions: AlignedPosition[] = [];
  for (const line of output.split('\n')) {
    const match = /^w(\d+)(?:\(\d+\))?\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)(?:\s|$)/.exec(
      line.trim(),
    );
    if (!match) continue;
    const index = Number(match[1]);
    const start = Number(match[2]);
    const end = Number(match[3]) + 0.01;
    if (index >= wordCount || !(end > start)) continue;
    const previous = positions.at(-1);
    if (previous && index <= previous.index) continue;
    positions.push({ index, start, end });
  }
  return positions;
}

/** A filler the aligner heard between two words: after the word at `after`, chunk seconds. */
export type AlignedFiller = { text: string; after: number; start: number; end: number };

/** The fillers in `-time yes` output (`f_um 1.200 1.450 1.000000`), each after its word. */
export function parseAlignedFillers(output: string): AlignedFiller[] {
  const fillers: AlignedFiller[] = [];
  let after = -1;
  for (const line of output.split('\n')) {
    const match = /^(w|f_)(\w+?)(?:\(\d+\))?\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)(?:\s|$)/.exec(
      line.trim(),
    );
    if (!match) continue;
    const [, kind, name, from, to] = match;
    if (kind === 'w') {
      after = Math.max(after, Number(name));
      continue;
    }
    const start = Number(from);
    const end = Number(to) + 0.01;
    if (name && after >= 0 && end > start) fillers.push({ text: name, after, start, end });
  }
  return fillers;
}
