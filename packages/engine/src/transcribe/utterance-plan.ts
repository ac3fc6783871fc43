// Where the recogniser hears the audio: utterances cut at the voice detector's pauses, joined across
// short pauses up to a bound, and split (only when one stretch of voice runs past the bound) at the
// quietest moment of it, never inside a word. See docs/decisions/0005-offline-transcription.md.
import type { EnergyTrack, Span, VoiceTrack } from '../types.ts';
import { levelsIn, percentile, voiceSpans } from '../vad/evidence-spans.ts';

export type UtteranceOptions = {
  /** An utterance is joined to the next across a pause up to this long (seconds). */
  joinPauseS: number;
  /** Joined utterances stay under this length; longer voice is split (seconds). */
  maxS: number;
  /** A split leaves at least this much on the first side (seconds). */
  minSplitS: number;
  /** Quiet kept either side of the voice, as far as the neighbours allow (seconds). */
  padS: number;
  /** Where a stretch is split, each piece also hears this much of the other side (seconds). */
  splitOverlapS: number;
  /** Voice this much louder or quieter than the utterance so far starts a new one (dB). */
  maxLevelStepDb: number;
  /** Voice detector hysteresis, as the gap evidence uses it. */
  onProb: number;
  offProb: number;
};

export const DEFAULT_UTTERANCES: UtteranceOptions = {
  joinPauseS: 1.5,
  maxS: 15,
  minSplitS: 5,
  padS: 0.75,
  splitOverlapS: 0.5,
  maxLevelStepDb: 20,
  onProb: 0.5,
  offProb: 0.35,
};

// NOTE: the level at a moment is the loudest 10 ms frame within 30 ms of it, so a split lands in
// a pause or between syllables at their quietest, never in the short dip inside a sound.
const QUIET_HALF_WINDOW = 3;

function quietestTime(energy: EnergyTrack, from: number, to: number): number {
  const lo = Math.max(0, Math.ceil(from / energy.frameS));
  const hi = Math.min(energy.db.length - 1, Math.floor(to / energy.frameS));
  let best = Math.round((from + to) / 2 / energy.frameS);
  let bestDb = Infinity;
  for (let i = lo; i <= hi; i++) {
    let loudest = -Infinity;
    const a = Math.max(0, i - QUIET_HALF_WINDOW);
    const b = Math.min(energy.db.length - 1, i + QUIET_HALF_WINDOW);
    for (let j = a; j <= b; j++) loudest = Math.max(loudest, energy.db[j]!);
    if (loudest < bestDb) {
      bestDb = loudest;
      best = i;
    }
  }
  return best * energy.frameS;
}

/** Splits a stretch longer than maxS at its quietest moments. */
function splitLong(span: Span, energy: EnergyTrack, options: UtteranceOptions): Span[] {
  const parts: Span[] = [];
  let start = span.start;
  while (span.end - start > options.maxS) {
    const cut = quietestTime(energy, start + options.minSplitS, start + options.maxS);
    parts.push({ start, end: cut });
    start = cut;
  }
  parts.push({ start, end: span.end });
  return parts;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/**
 * An utterance to decode, and the part of it whose words are its own: all of it, except where a
 * long stretch was split, where the pieces overlap and each owns the words up to the split.
 */
export type PlannedUtterance = Span & { ownStart: number; ownEnd: number };

/** The utterances of a recording, in order, from its voice track and loudness. */
export function planUtterances(
  voice: VoiceTrack,
  energy: EnergyTrack,
  durationS: number,
  options: Partial<UtteranceOptions> = {},
): PlannedUtterance[] {
  const o = { ...DEFAULT_UTTERANCES, ...options };
  const joined: Span[] = [];
  // WARNING: an utterance is decoded at one gain, set by its loudest: a quiet speaker joined to a
  // loud one stayed 40 dB down and was not heard (decision 0004, "Level before the detector").
  const sameLevel = (a: Span, b: Span) => {
    const [la, lb] = [a, b].map((s) => percentile(levelsIn(energy, [s]), 0.9));
    return la === undefined || lb === undefined || Math.abs(la - lb) <= o.maxLevelStepDb;
  };
  for (const span of voiceSpans(voice, o.onProb, o.offProb)) {
    const end = Math.min(durationS, span.end);
    if (end <= span.start) continue;
    const last = joined.at(-1);
    if (
      last &&
      span.start - last.end <= o.joinPauseS &&
      end - last.start <= o.maxS &&
      sameLevel(last, { start: span.start, end })
    ) {
      last.end = end;
    } else {
      joined.push({ start: span.start, end });
    }
  }
  const pieces = joined.flatMap((span) => splitLong(span, energy, o));
  return pieces.map((span, i) => {
    const before = pieces[i - 1]?.end ?? -Infinity;
    const after = pieces[i + 1]?.start ?? Infinity;
    // WARNING: a piece that starts or ends right at a split lost the word there ("The" before
    // "hospital"): the model needs a little of the speech around a word to hear it. The pieces
    // overlap and keepOwnWords drops the words each heard past the split.
    const splitBefore = before === span.start;
    const splitAfter = after === span.end;
    const start = splitBefore
      ? Math.max(0, span.start - o.splitOverlapS)
      : Math.max(span.start - o.padS, (before + span.start) / 2, 0);
    const end = splitAfter
      ? Math.min(durationS, span.end + o.splitOverlapS)
      : Math.min(span.end + o.padS, (span.end + after) / 2, durationS);
    return {
      start: round(start),
      end: round(end),
      ownStart: round(splitBefore ? span.start : start),
      ownEnd: round(splitAfter ? span.end : end),
    };
  });
}

/**
 * The words of overlapping pieces without the copies: each piece keeps the words whose middle
 * (as aligned) lies in its own part, so a word at a split is kept once, by the piece that holds
 * most of it.
 */
export function keepOwnWords<W extends { start: number; end: number }>(
  pieces: readonly (PlannedUtterance & { words: readonly W[] })[],
): W[] {
  return pieces.flatMap((piece) =>
    piece.words.filter((w) => {
      const middle = (w.start + w.end) / 2;
      const afterSplit = piece.ownStart <= piece.start || middle >= piece.ownStart;
      return afterSplit && (piece.ownEnd >= piece.end || middle < piece.ownEnd);
    }),
  );
}
