// The bookkeeping of a small beam search over a decoder's next-token log probabilities, kept apart
// from the model so it can be tested on its own. See docs/decisions/0005-offline-transcription.md.

export type BeamToken = {
  id: number;
  logProb: number;
  /** The token's probability for confidence: its case variants' added (see BeamOptions.fold). */
  p: number;
};

export type Beam = {
  tokens: BeamToken[];
  /** Sum of the tokens' log probabilities. */
  logProb: number;
};

export type BeamOptions = {
  /** Hypotheses kept at each step. */
  width: number;
  /** Length normalisation: a finished hypothesis scores logProb / length^alpha. */
  alpha: number;
  /** The probability a token is given for confidence (default: its own). */
  fold?: (row: Float32Array, id: number) => number;
  /**
   * Live hypotheses more than this many nats behind the step's best are dropped (default: none).
   * Live hypotheses all have the same length, so this compares their normalised scores too.
   */
  prune?: number;
};

export type StepResult = {
  /** The live beams for the next step, each with the index of the beam it grew from. */
  live: { beam: Beam; parent: number }[];
  /** Hypotheses that ended (the end token is not among their tokens). */
  finished: Beam[];
};

/** Below the row's best by more than this, a logit's share of the sum (< 1e-13) is left out. */
const NEGLIGIBLE_NATS = 30;

/** In place: log-softmax of one row of logits. */
export function logSoftmax(row: Float32Array): Float32Array {
  let max = -Infinity;
  for (let i = 0; i < row.length; i++) if (row[i]! > max) max = row[i]!;
  // NOTE: most of a 32k vocabulary lies far below the best token; skipping their exp changes the
  // normaliser by under 1e-8, below float32's resolution (a tenth off this function's time).
  let sum = 0;
  const low = max - NEGLIGIBLE_NATS;
  for (let i = 0; i < row.length; i++) {
    const value = row[i]!;
    if (value > low) sum += Math.exp(value - max);
  }
  const log = max + Math.log(sum);
  for (let i = 0; i < row.length; i++) row[i] = row[i]! - log;
  return row;
}

/** The `k` best entries of a row, best first. */
export function topK(row: ArrayLike<number>, k: number): { id: number; value: number }[] {
  const best: { id: number; value: number }[] = [];
  for (let i = 0; i < row.length; i++) {
    const value = row[i]!;
    if (best.length === k && value <= best[k - 1]!.value) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.value < value) at--;
    best.splice(at, 0, { id: i, value });
    if (best.length > k) best.pop();
  }
  return best;
}

export const normalisedScore = (beam: Beam, alpha: number): number =>
  beam.logProb / Math.max(1, beam.tokens.length + 1) ** alpha;

/**
 * One step: every live beam grown by each of its best next tokens, the best `width` kept. A beam
 * whose best continuation is the end token is finished with its score as it stands.
 */
export function stepBeams(
  beams: readonly Beam[],
  logProbs: readonly Float32Array[],
  endToken: number,
  options: BeamOptions,
): StepResult {
  const candidates: { beam: Beam; parent: number; end: boolean }[] = [];
  beams.forEach((beam, parent) => {
    for (const { id, value } of topK(logProbs[parent]!, options.width + 1)) {
      const end = id === endToken;
      candidates.push({
        parent,
        end,
        beam: {
          tokens: end
            ? beam.tokens
            : [
                ...beam.tokens,
                {
                  id,
                  logProb: value,
                  p: options.fold ? options.fold(logProbs[parent]!, id) : Math.exp(value),
                },
              ],
          logProb: beam.logProb + value,
        },
      });
    }
  });
  candidates.sort((a, b) => b.beam.logProb - a.beam.logProb);
  // WARNING: the floor is set by the best live candidate only: an end token far ahead is judged
  // by its normalised score at the end, and letting it prune every continuation cut utterances
  // short (the bench talk lost 84 of 1370 words).
  const bestLive = candidates.find((c) => !c.end)?.beam.logProb ?? 0;
  const floor = bestLive - (options.prune ?? Infinity);
  const live: StepResult['live'] = [];
  const finished: Beam[] = [];
  // WARNING: an end token below the floor is dropped too. Kept, every unlikely end of a pruned
  // step (its live beams fill slowly, so every candidate is visited) counted as a finished
  // hypothesis, the search stopped at `width` of them and a short one won: 84 words lost.
  for (const c of candidates) {
    if (live.length >= options.width || c.beam.logProb < floor) break;
    if (c.end) finished.push(c.beam);
    else live.push({ beam: c.beam, parent: c.parent });
  }
  return { live, finished };
}

/**
 * The length of the tokens without a loop at their end: a run of the same n-gram (n up to 8)
 * repeated `minRepeats` times or more is cut back to its first copy. Undefined when there is none.
 */
export function loopCut(ids: readonly number[], minRepeats = 4): number | undefined {
  for (let n = 1; n <= 8; n++) {
    const repeats = n === 1 ? minRepeats + 2 : minRepeats;
    if (ids.length < n * repeats) continue;
    let count = 1;
    while ((count + 1) * n <= ids.length && sameRun(ids, n, count)) count++;
    if (count >= repeats) return ids.length - (count - 1) * n;
  }
  return undefined;
}

/** The n tokens ending `count` copies before the end equal the last n. */
function sameRun(ids: readonly number[], n: number, count: number): boolean {
  const end = ids.length;
  for (let i = 0; i < n; i++) {
    if (ids[end - 1 - i] !== ids[end - 1 - i - count * n]) return false;
  }
  return true;
}

/**
 * The best finished hypothesis by normalised score (or the best live one when none ended); with a
 * prior, each hypothesis's log probability first loses the nats the prior says it costs.
 */
export function bestBeam(
  finished: readonly Beam[],
  live: readonly Beam[],
  alpha: number,
  prior?: (tokens: readonly BeamToken[]) => number,
): Beam {
  const pool = finished.length ? finished : live;
  const score = (b: Beam) =>
    normalisedScore(prior ? { ...b, logProb: b.logProb - prior(b.tokens) } : b, alpha);
  let best = pool[0] ?? { tokens: [], logProb: 0 };
  let bestScore = pool.length ? score(best) : 0;
  for (const b of pool.slice(1)) {
    const s = score(b);
    if (s > bestScore) [best, bestScore] = [b, s];
  }
  return best;
}
