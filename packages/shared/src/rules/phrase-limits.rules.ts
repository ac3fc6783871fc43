import { MAX_PHRASE_CHARS } from '../contracts/clip.contract.ts';
import type { ConfirmPhrase } from '../contracts/clip.contract.ts';

// What an edited phrase list may hold: what the clip screen can produce from the clip's own
// phrases (edit a text, delete a phrase; never add or move one). The server checks a confirm
// against it; the phrase editor keeps each text under the same limit.

/**
 * Characters a second of speech can carry. Fast speech runs at 6-7 syllables a second, some 20-25
 * characters with spaces; auctioneers reach about 30. 45 leaves room for a user who retypes a
 * phrase in longer spelling (numbers written out, punctuation) and still refuses a page of text.
 */
export const MAX_PHRASE_CHARS_PER_SECOND = 45;
/** On top, for very short phrases: one quick word may be retyped as a name or a few words. */
export const SHORT_PHRASE_CHAR_ALLOWANCE = 40;
/** Phrase times come back as they were sent; 5 ms absorbs float noise from JSON and rounding. */
export const PHRASE_TIME_TOLERANCE_S = 0.005;

type Timed = { start: number; end: number };
type TimedText = Timed & { phrase: string };

const s2 = (value: number): string => value.toFixed(2);

/** The most characters a phrase lasting `durationS` may hold. */
export const phraseCharCap = (durationS: number): number =>
  Math.min(
    MAX_PHRASE_CHARS,
    Math.floor(SHORT_PHRASE_CHAR_ALLOWANCE + MAX_PHRASE_CHARS_PER_SECOND * Math.max(0, durationS)),
  );

/**
 * The editor's limit for a phrase: its cap, or its text's own length when that is longer (the
 * recogniser's text is always accepted back, so editing never takes the text above either).
 */
export const phraseTextLimit = (phrase: TimedText): number =>
  Math.min(
    MAX_PHRASE_CHARS,
    Math.max(phraseCharCap(phrase.end - phrase.start), phrase.phrase.length),
  );

const sameTimes = (a: Timed, b: Timed): boolean =>
  Math.abs(a.start - b.start) <= PHRASE_TIME_TOLERANCE_S &&
  Math.abs(a.end - b.end) <= PHRASE_TIME_TOLERANCE_S;

/** The clip's phrases once each (by times, the longest text kept), in time order. */
function distinctSources(sources: readonly TimedText[]): TimedText[] {
  const sorted = [...sources].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: TimedText[] = [];
  for (const source of sorted) {
    const last = out.at(-1);
    if (last && sameTimes(last, source)) {
      if (source.phrase.length > last.phrase.length) out[out.length - 1] = source;
    } else out.push(source);
  }
  return out;
}

/** The first source index whose start is at or after `time` (sources sorted by start). */
function firstFrom(sources: readonly Timed[], time: number): number {
  let lo = 0;
  let hi = sources.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sources[mid]?.start ?? 0) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Why a confirm's phrase list (in time order, as the contract checks it) is not one the clip
 * screen could have made from `sources` (the clip's phrases: those it shows and those detected),
 * or undefined when it is.
 */
export function confirmPhrasesError(
  phrases: readonly ConfirmPhrase[],
  sources: readonly TimedText[],
): string | undefined {
  const clip = distinctSources(sources);
  if (phrases.length > clip.length) {
    return `This clip has ${clip.length} phrases and the confirmation carries ${phrases.length}. Phrases can be edited or deleted, not added. Reload the clip and try again.`;
  }
  const used = new Uint8Array(clip.length);
  let previous: ConfirmPhrase | undefined;
  for (const phrase of phrases) {
    let match = -1;
    for (let i = firstFrom(clip, phrase.start - PHRASE_TIME_TOLERANCE_S); i < clip.length; i++) {
      const source = clip[i];
      if (!source || source.start > phrase.start + PHRASE_TIME_TOLERANCE_S) break;
      if (!used[i] && sameTimes(source, phrase)) {
        match = i;
        break;
      }
    }
    if (match < 0) {
      // NOTE: the clip's own phrases may touch or overlap a hair; only a made-up one is refused.
      return previous && phrase.start < previous.end - PHRASE_TIME_TOLERANCE_S
        ? `The phrases at ${s2(previous.start)} s and ${s2(phrase.start)} s overlap. Phrases keep the times of the clip's own phrases: reload the clip and try again.`
        : `The phrase at ${s2(phrase.start)} s to ${s2(phrase.end)} s is not one of this clip's phrases. Phrases can be edited or deleted, not added or moved: reload the clip and try again.`;
    }
    used[match] = 1;
    const limit = Math.max(
      phraseCharCap(phrase.end - phrase.start),
      clip[match]?.phrase.length ?? 0,
    );
    if (phrase.phrase.length > limit) {
      return `The phrase at ${s2(phrase.start)} s holds ${phrase.phrase.length} characters; a phrase of ${s2(phrase.end - phrase.start)} s can hold at most ${limit}, more than anyone says in that time. Shorten it.`;
    }
    previous = phrase;
  }
  return undefined;
}
