import type { Span } from '../contracts/clip.contract.ts';

// Filler words ("um", "uh", "erm", "ah") as text, and the subtitles of a cut that removed them: the
// preview and the render both drop a filler word whose sound was cut, so the burned phrase says
// what is heard. Only a word that reads as a filler is ever dropped, never a real word.

// NOTE: "a", "eh", "mhm" and "uh-huh" are left out on purpose: they are words or answers.
const FILLER_TEXT = /^(u+m+|u+h+m*|e+r+m+|e+r+|a+h+|h+m+|m{2,})$/;

/** The word's letters, lower case, without punctuation or a recogniser's filler markers. */
const bareText = (text: string): string =>
  text
    .toLowerCase()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .normalize('NFKC');

/** "Um,", "uh...", "HMM", "++UM++", "[uh]" are fillers; "a", "I'm", "mhm" are not. */
export const isFillerWord = (text: string): boolean => FILLER_TEXT.test(bareText(text));

type TimedWord = { text: string; start: number; end: number };
type WordedPhrase = {
  start: number;
  end: number;
  phrase: string;
  words?: readonly TimedWord[] | undefined;
};

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const SENTENCE_END = /[.?!…]+$/;
const CLAUSE_END = /[,;:]+$/;
const COMMA_END = /,+$/;

/**
 * Whether a word's middle lies in one of `kept`, the spans indexed once: a binary search instead
 * of a scan of every span per filler (a 4-hour edit's 1,440 fillers against 20,000 kept spans,
 * issue 35).
 */
function heardIn(kept: readonly Span[]): (word: TimedWord) => boolean {
  const spans = [...kept].sort((a, b) => a.start - b.start);
  // NOTE: the latest end among the spans so far; an overlap may end before an earlier span does.
  const reach: number[] = [];
  for (const span of spans) reach.push(Math.max(reach.at(-1) ?? -Infinity, span.end));
  return (word) => {
    const middle = (word.start + word.end) / 2;
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((spans[mid]?.start ?? Infinity) <= middle) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && (reach[lo - 1] ?? -Infinity) >= middle;
  };
}

const capitalise = (text: string): string => {
  const at = text.search(/\p{L}/u);
  if (at < 0) return text;
  const letter = text.charAt(at);
  return letter === letter.toLowerCase()
    ? text.slice(0, at) + letter.toUpperCase() + text.slice(at + 1)
    : text;
};

const startsUpper = (text: string): boolean => {
  const letter = /\p{L}/u.exec(text)?.[0];
  return letter !== undefined && letter !== letter.toLowerCase();
};

/** The words left once `dropped` go, with a dropped filler's sentence capital and stop kept. */
function remainingWords<W extends TimedWord>(
  words: readonly W[],
  dropped: ReadonlySet<number>,
): W[] {
  const out: W[] = [];
  let capitaliseNext = false;
  words.forEach((word, i) => {
    if (dropped.has(i)) {
      const stop = SENTENCE_END.exec(word.text.trim())?.[0];
      const previous = out.at(-1);
      // NOTE: "went, um." keeps its full stop on "went"; a word that already ends a sentence keeps its own.
      if (stop && previous && !SENTENCE_END.test(previous.text.trim())) {
        out[out.length - 1] = {
          ...previous,
          text: previous.text.trimEnd().replace(CLAUSE_END, '') + stop,
        };
      } else if (previous && COMMA_END.test(previous.text.trim())) {
        // NOTE: the comma before a filler marks the speaker's pause, which the cut took out with the
        // filler: "went, um, home" reads "went home". A colon or semicolon is grammar and stays.
        out[out.length - 1] = { ...previous, text: previous.text.trimEnd().replace(COMMA_END, '') };
      }
      // NOTE: a phrase may begin mid-sentence, so at its start only a capital filler tells.
      const sentenceStart =
        i === 0 ? startsUpper(word.text) : SENTENCE_END.test(words[i - 1]!.text.trim());
      capitaliseNext ||= sentenceStart;
      return;
    }
    out.push(capitaliseNext ? { ...word, text: capitalise(word.text) } : word);
    capitaliseNext = false;
  });
  return out;
}

/**
 * The phrases to burn over a cut: a filler word whose middle falls outside every kept span is
 * dropped from its phrase's words and text (a phrase of fillers only becomes '', which burns
 * nothing). A phrase whose text no longer reads as its words (typed over) is left as it is: which
 * of its words was the filler cannot be told.
 */
export function withoutCutFillers<P extends WordedPhrase>(
  phrases: readonly P[],
  kept: readonly Span[],
): P[] {
  const isHeardHere = heardIn(kept);
  return phrases.map((phrase) => {
    const words = phrase.words ?? [];
    if (words.length === 0) return phrase;
    if (normalise(words.map((w) => w.text).join(' ')) !== normalise(phrase.phrase)) return phrase;
    const dropped = new Set<number>();
    words.forEach((word, i) => {
      if (isFillerWord(word.text) && !isHeardHere(word)) dropped.add(i);
    });
    if (dropped.size === 0) return phrase;
    const left = remainingWords(words, dropped);
    // NOTE: the words kept are the phrase's own objects (copies at most re-cased or re-punctuated),
    // so they keep whatever else they carry (a confidence).
    return { ...phrase, phrase: left.map((w) => w.text.trim()).join(' '), words: left };
  });
}

/** The first index of `words` (sorted by start, not overlapping) ending after `time`. */
function firstEndingAfter(words: readonly TimedWord[], time: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words[mid]?.end ?? Infinity) <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Issue 33: the filler word a filler span holds, as the filler list names it ("um" for "Um,"),
 * from `words` sorted by start; null when it holds none (a held sound no word was heard in).
 */
export function fillerWordIn(span: Span, words: readonly TimedWord[]): string | null {
  for (let i = firstEndingAfter(words, span.start); i < words.length; i += 1) {
    const word = words[i];
    if (word === undefined || word.start >= span.end) break;
    const middle = (word.start + word.end) / 2;
    if (middle >= span.start && middle <= span.end && isFillerWord(word.text)) {
      return bareText(word.text);
    }
  }
  return null;
}

/**
 * Issue 33: whether the cut took a phrase out with its fillers, so the phrase list leaves it out
 * rather than asking for its text: every word of it is a filler the cut removed (its text as
 * recognised), or it has neither words nor text and lies in a cut filler (a held "uhhh" the
 * recogniser wrote nothing for). `cutFillers` are the filler spans of the cut.
 */
export function isRemovedWithFillers(
  phrase: WordedPhrase,
  kept: readonly Span[],
  cutFillers: readonly Span[],
): boolean {
  return removedWithFillers(kept, cutFillers)(phrase);
}

/**
 * isRemovedWithFillers for a whole phrase list: the spans indexed once, so each word is a binary
 * search (issue 35: a scan of every kept span per filler word made a 4-hour clip's phrase list
 * grow with the square of its length).
 */
export function removedWithFillers(
  kept: readonly Span[],
  cutFillers: readonly Span[],
): (phrase: WordedPhrase) => boolean {
  const heard = heardIn(kept);
  const inCutFiller = heardIn(cutFillers);
  return (phrase) => {
    const words = phrase.words ?? [];
    if (words.length === 0) {
      return phrase.phrase.trim() === '' && inCutFiller({ text: '', ...phrase });
    }
    // NOTE: a phrase typed over is the user's text: it stays whatever the cut took.
    if (normalise(words.map((w) => w.text).join(' ')) !== normalise(phrase.phrase)) return false;
    return words.every((word) => isFillerWord(word.text) && !heard(word));
  };
}
