// Clip titles without a model: a clause the clip itself says (a whole short sentence, or a part
// of one between commas or before a conjunction), title-cased, chosen for the words that set this
// clip apart from the rest of the talk, and never a title another clip of the talk already has.
import type { Word } from '../types.ts';
import { isContentWord, normaliseToken, termStats } from './keywords.ts';
import type { TermStats } from './keywords.ts';
import { splitSentences } from './sentences.ts';

const MIN_WORDS = 3;
const MAX_WORDS = 9;
const TITLE_MAX_CHARS = 60;

/** Words that start a new clause inside a sentence. */
const CLAUSE_STARTS = new Set(
  'so because but and or when while although though since then which where if until unless whereas'.split(
    ' ',
  ),
);
/** Words a title never starts with: they lean on what came before. */
const LEADING_FILLERS = new Set(
  'and but so or then um uh er ah oh well okay ok now also yeah because plus anyway'.split(' '),
);
/** Lower-case inside a title (Chicago style), unless first or last. */
const MINOR_WORDS = new Set(
  'a an the and but or nor for so yet as at by in of off on per to up via vs from into onto with'.split(
    ' ',
  ),
);
/** Greetings and sign-offs: in every talk, and saying nothing about this one. */
const FORMULA =
  /\b(welcome|hello|hi|hey|thanks|thank you|subscribe|bye|goodbye|channel|watching|see you (next time|soon|later|tomorrow))\b/i;
const CLAUSE_PUNCTUATION = /[,;:\u2013\u2014]$/u;

type Candidate = {
  words: Word[];
  sentence: number;
  whole: boolean;
  truncated: boolean;
  /** It greets or signs off ("welcome back to the channel", "see you next time"). */
  formula: boolean;
};

const clean = (text: string): string =>
  text.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'?]+$/gu, '');

function titleCaseWord(word: string, edge: boolean): string {
  const lower = word.toLowerCase();
  if (lower === 'i' || lower.startsWith("i'")) return `I${word.slice(1)}`;
  // NOTE: a word the transcript already cases (NASA, iPhone, McDonald) keeps its own case.
  if (/\p{Lu}/u.test(word.slice(1)) || (/^\p{Ll}/u.test(word) && /\p{Lu}/u.test(word))) {
    return word;
  }
  if (!edge && MINOR_WORDS.has(lower)) return lower;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "cutting silence by hand" → "Cutting Silence by Hand". */
export function titleCase(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.map((w, i) => titleCaseWord(w, i === 0 || i === words.length - 1)).join(' ');
}

const stripLeadingFillers = (words: Word[]): Word[] => {
  let i = 0;
  while (i < words.length - 1 && LEADING_FILLERS.has(normaliseToken(words[i]!.text))) i++;
  return words.slice(i);
};

/**
 * The longest opening of a long clause that ends on a content word, best where the next word is
 * one too, which is where a subject tends to end: "A Small Microphone Close to Your Mouth", not
 * "... Your Mouth Beats" or "... Close to".
 */
function opening(words: Word[]): Word[] | null {
  const content = (i: number) => i < words.length && isContentWord(normaliseToken(words[i]!.text));
  let fallback: Word[] | null = null;
  for (let n = MAX_WORDS - 1; n > MIN_WORDS; n--) {
    if (!content(n - 1)) continue;
    if (content(n)) return words.slice(0, n);
    fallback ??= words.slice(0, n);
  }
  return fallback;
}

/** A sentence's clauses: broken after , ; : and dashes, and before a conjunction. */
function clausesOf(words: readonly Word[]): Word[][] {
  const pieces: Word[][] = [[]];
  for (const word of words) {
    const current = pieces.at(-1)!;
    if (current.length && CLAUSE_STARTS.has(normaliseToken(word.text))) pieces.push([word]);
    else current.push(word);
    if (CLAUSE_PUNCTUATION.test(word.text.trim())) pieces.push([]);
  }
  return pieces.map(stripLeadingFillers).filter((p) => p.length >= MIN_WORDS);
}

/** Whole short sentences, their clauses, and a clean opening of each clause too long to be one. */
function candidatesOf(words: readonly Word[]): Candidate[] {
  const out: Candidate[] = [];
  splitSentences(words).forEach((sentence, index) => {
    const all = stripLeadingFillers(sentence.words);
    const add = (w: Word[], whole: boolean, truncated: boolean) =>
      out.push({ words: w, sentence: index, whole, truncated, formula: FORMULA.test(textOf(w)) });
    if (all.length <= MAX_WORDS) add(all, true, false);
    const clauses = clausesOf(sentence.words);
    if (clauses.length < 2 && all.length <= MAX_WORDS) return;
    for (const clause of clauses) {
      if (clause.length <= MAX_WORDS) add(clause, false, false);
      else {
        const start = opening(clause);
        if (start) add(start, false, true);
      }
    }
  });
  return out;
}

const contentTokens = (words: readonly Word[]): string[] =>
  words.map((w) => normaliseToken(w.text)).filter(isContentWord);

const lengthFit = (n: number): number =>
  n >= 4 && n <= 8 ? 1 : n === MIN_WORDS || n === MAX_WORDS ? 0.6 : 0;

/**
 * Higher is a better title for the clip: its words are frequent in the clip and rarer in the rest
 * of the talk, it is a readable length, said early, and the recogniser was sure of it.
 */
function scoreCandidate(c: Candidate, clip: TermStats, talk: TermStats): number {
  const tokens = [...new Set(contentTokens(c.words))];
  const last = normaliseToken(c.words.at(-1)!.text);
  if (tokens.length < 2 || MINOR_WORDS.has(last)) return -Infinity;
  const weight = (t: string) => (clip.counts.get(t) ?? 1) / Math.sqrt(talk.counts.get(t) ?? 1);
  const salience = tokens.reduce((sum, t) => sum + weight(t), 0) / Math.sqrt(c.words.length);
  const confidence = c.words.reduce((sum, w) => sum + w.confidence, 0) / c.words.length;
  const early = c.sentence === 0 ? 0.3 : c.sentence === 1 ? 0.15 : 0;
  const shape = (c.whole ? 0.2 : 0) - (c.truncated ? 0.5 : 0) - (c.formula ? 0.6 : 0);
  return salience + 0.6 * lengthFit(c.words.length) + 0.5 * confidence + early + shape;
}

/** At most TITLE_MAX_CHARS, cut at a word. */
const shorten = (text: string): string =>
  text.length <= TITLE_MAX_CHARS ? text : text.slice(0, TITLE_MAX_CHARS + 1).replace(/\s+\S*$/, '');

const textOf = (words: readonly Word[]): string => words.map((w) => clean(w.text)).join(' ');

const similar = (a: readonly string[], b: readonly string[]): boolean => {
  const setB = new Set(b);
  const shared = new Set(a.filter((t) => setB.has(t))).size;
  const union = new Set([...a, ...b]).size;
  return union > 0 && shared / union >= 0.5;
};

export type TitlePicker = {
  /** The best title for these words that no earlier call has given (same words, same title). */
  pick(words: readonly Word[], fallback: string): string;
};

/**
 * Titles for the clips of one talk. Each call remembers its title, so the clips of a talk get
 * different ones; `reserve` keeps titles already given elsewhere (the long form's) off the list.
 */
export function createTitlePicker(
  talkWords: readonly Word[],
  reserve: readonly string[] = [],
): TitlePicker {
  const talk = termStats(talkWords.map((w) => normaliseToken(w.text)));
  const used: { key: string; tokens: string[] }[] = [];
  const given = new Map<string, string>();
  const keyOf = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const take = (title: string) => {
    used.push({ key: keyOf(title), tokens: keyOf(title).split(' ').filter(isContentWord) });
    return title;
  };
  reserve.forEach(take);
  const taken = (title: string) => {
    const key = keyOf(title);
    const tokens = key.split(' ').filter(isContentWord);
    return used.some((u) => u.key === key || similar(u.tokens, tokens));
  };
  return {
    pick(words, fallback) {
      const memo = words.map((w) => `${w.start}:${w.text}`).join('|');
      const known = given.get(memo);
      if (known !== undefined) return known;
      const clip = termStats(words.map((w) => normaliseToken(w.text)));
      const ranked = candidatesOf(words)
        .map((c) => ({ c, score: scoreCandidate(c, clip, talk) }))
        .filter((r) => Number.isFinite(r.score))
        .sort((a, b) => b.score - a.score)
        .map((r) => titleCase(textOf(r.c.words)))
        .filter((t) => t.length <= TITLE_MAX_CHARS);
      let title = ranked.find((t) => !taken(t));
      if (!title) {
        // NOTE: nothing new to say (a talk that repeats itself): number the best one instead.
        const base = ranked[0] || shorten(titleCase(clean(fallback))) || 'Untitled Clip';
        const keys = new Set(used.map((u) => u.key));
        title = base;
        for (let n = 2; keys.has(keyOf(title)); n++) title = `${base} (${n})`;
      }
      given.set(memo, take(title));
      return title;
    },
  };
}
