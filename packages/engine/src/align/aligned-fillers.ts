// Hesitations the aligner heard between two of the recogniser's words ("um", "uh" Moonshine left
// out), made words of their own so the filler detection offers them like written ones. See
// docs/decisions/0007-fillers.md.
import { isFillerWord } from '@roughcut/shared';
import type { Word } from '../types.ts';
import type { AlignedFiller } from './align-grammar.ts';

/**
 * A heard filler shorter than this is not kept. NOTE: a hesitation is held (flite's plain "uh" is
 * about 0.15 s, people's longer); a shorter one is more likely a breath or a word's release.
 */
export const MIN_ALIGNED_FILLER_S = 0.12;
/**
 * Quiet the aligner must hear between a filler and each of its words. NOTE: a loop that hears a
 * filler run straight on from a word has split that word's drawn-out end ("However, hmm" in read
 * speech); a hesitation it can stand for is set off by pauses.
 */
export const FILLER_PAUSE_S = 0.05;
/** Two fillers of one pause this close are one hesitation ("uh-um"). */
const JOIN_S = 0.1;
/**
 * Confidence of a filler only the aligner heard: low, so the clip screen shows it as a guess and
 * the subtitles' reader checks it.
 */
export const ALIGNED_FILLER_CONFIDENCE = 0.5;

/**
 * A filler the aligner heard, between words or in place of a doubtful one. NOTE: it is evidence for
 * a removable span, not a word of the transcript: the recogniser (like the captions people expect)
 * leaves hesitations out, and a guessed "um" in the words would be an insertion in every subtitle.
 */
export type HeardFiller = Word & { heard: true };
export const isHeardFiller = (word: Word): word is HeardFiller =>
  (word as Partial<HeardFiller>).heard === true;
/** The transcript's words and the heard fillers apart, each a plain word. */
export function separateHeardFillers(words: readonly Word[]): { words: Word[]; fillers: Word[] } {
  const plain = ({ text, start, end, confidence }: Word): Word => ({
    text,
    start,
    end,
    confidence,
  });
  return {
    words: words.filter((w) => !isHeardFiller(w)),
    fillers: words.filter(isHeardFiller).map(plain),
  };
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;

/** Fillers after one word joined into hesitations (the longest piece names it). */
function joinFillers(fillers: AlignedFiller[]): AlignedFiller[] {
  const out: AlignedFiller[] = [];
  let longest = 0;
  for (const f of [...fillers].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && last.after === f.after && f.start - last.end < JOIN_S) {
      const text = f.end - f.start > longest ? f.text : last.text;
      longest = Math.max(longest, f.end - f.start);
      out[out.length - 1] = { ...last, text, end: Math.max(last.end, f.end) };
    } else {
      out.push(f);
      longest = f.end - f.start;
    }
  }
  return out;
}

/**
 * The words with the aligner's fillers (chunk seconds, `offsetS` the chunk's start) put in their
 * places: each between the word it followed and the next, never overlapping either, at least
 * MIN_ALIGNED_FILLER_S long. `words` are one per recogniser word, in order (placeWords' output).
 */
export function insertFillers(
  words: readonly Word[],
  fillers: readonly AlignedFiller[],
  offsetS: number,
): Word[] {
  const byWord = new Map<number, HeardFiller[]>();
  for (const f of joinFillers([...fillers])) {
    const before = words[f.after];
    const after = words[f.after + 1];
    // NOTE: one hesitation a pause: beside a filler the recogniser wrote, a second one is that
    // filler's sound or a neighbouring word's, split off by the loop.
    if (!before || !after || isFillerWord(before.text) || isFillerWord(after.text)) continue;
    const start = round3(f.start + offsetS);
    const end = round3(f.end + offsetS);
    if (end - start < MIN_ALIGNED_FILLER_S) continue;
    if (start - before.end < FILLER_PAUSE_S - 1e-6 || after.start - end < FILLER_PAUSE_S - 1e-6) {
      continue;
    }
    const list = byWord.get(f.after) ?? [];
    list.push({ text: f.text, start, end, confidence: ALIGNED_FILLER_CONFIDENCE, heard: true });
    byWord.set(f.after, list);
  }
  return words.flatMap((w, i) => [w, ...(byWord.get(i) ?? [])]);
}

/**
 * Below this recogniser confidence a word may be heard as a filler instead (Moonshine writes a held
 * "uh" as "got" 0.18 or "ah" as "or" 0.75, an "erm" as "Birmingham" 0.28). NOTE: the doubt only
 * lets the word compete; the aligner decides, and a filler wins only where the word's own sounds
 * are missing (a held "or" keeps its R) and it is set off by pauses. At 0.5 "or" for "ah" never
 * competed; with every word competing (no bar) at equal odds a real held "her" (0.96) lost its HH
 * to "uh", so the bar stays under the confidence of a word Moonshine heard plainly (decision 0007).
 * NOTE: a word of any length competes: a long real word's sounds cannot all go to one filler with
 * quiet either side (the guard's held "umbrellas", "Birmingham" stay), while a held filler written
 * as a long word ("Birmingham", "dump") was out of reach of the aligner's loops, whose only sound
 * the word had taken.
 */
export const REPLACEABLE_CONFIDENCE = 0.9;

/** The positions a filler may stand in for: doubtful, pronounced, not first or last, not a filler. */
export function replaceablePositions(
  words: readonly { text: string; confidence: number }[],
  phones: readonly number[],
): boolean[] {
  return words.map(
    (w, i) =>
      i > 0 &&
      i < words.length - 1 &&
      w.confidence < REPLACEABLE_CONFIDENCE &&
      (phones[i] ?? 0) > 0 &&
      !isFillerWord(w.text),
  );
}

type Position = { index: number; start: number; end: number };

/** The word become the filler heard in its place, its punctuation kept. */
function asFiller<W extends { text: string }>(word: W, filler: string): W {
  const punctuation = /[^\p{L}\p{N}]*$/u.exec(word.text)?.[0] ?? '';
  return { ...word, text: `${filler}${punctuation}` };
}

/**
 * The fillers the aligner heard in place of a replaceable word, taken out of `fillers`: each
 * becomes that word's position, and the word's text the filler's (its punctuation kept). Only one
 * that is long enough and set off by pauses from the measured words either side counts; any other
 * leaves the word unmeasured (and the utterance is aligned again without fillers). Later pieces in
 * the same place, still set off from the next word, extend it.
 */
export function takeReplacements<W extends { text: string }>(
  words: readonly W[],
  positions: readonly Position[],
  fillers: readonly AlignedFiller[],
  replaceable: readonly boolean[],
): { words: W[]; positions: Position[]; fillers: AlignedFiller[] } {
  const at = new Map(positions.map((p) => [p.index, p]));
  const outWords = [...words];
  const outPositions = [...positions];
  const rest: AlignedFiller[] = [];
  const taken = new Map<number, { longest: number }>();
  for (const f of [...fillers].sort((a, b) => a.start - b.start)) {
    const i = f.after + 1;
    const before = at.get(f.after);
    const after = at.get(i + 1);
    const word = words[i];
    const held = taken.get(i);
    const position = at.get(i);
    // NOTE: two pieces heard where one doubtful word stood ("ah" on a breath, then "erm") are one
    // hesitation: the later piece extends the replacement, and the longer piece names it.
    if (
      held &&
      position &&
      word &&
      after &&
      f.start >= position.end - 1e-6 &&
      after.start - f.end >= FILLER_PAUSE_S - 1e-6
    ) {
      const extended = { ...position, end: f.end };
      at.set(i, extended);
      outPositions[outPositions.indexOf(position)] = extended;
      if (f.end - f.start > held.longest) {
        outWords[i] = asFiller(word, f.text);
        held.longest = f.end - f.start;
      }
      continue;
    }
    const fits =
      word &&
      replaceable[i] &&
      !at.has(i) &&
      before &&
      after &&
      f.end - f.start >= MIN_ALIGNED_FILLER_S &&
      f.start - before.end >= FILLER_PAUSE_S - 1e-6 &&
      after.start - f.end >= FILLER_PAUSE_S - 1e-6;
    if (!fits) {
      rest.push(f);
      continue;
    }
    outWords[i] = asFiller(word, f.text);
    const replacement = { index: i, start: f.start, end: f.end };
    at.set(i, replacement);
    outPositions.push(replacement);
    taken.set(i, { longest: f.end - f.start });
  }
  return {
    words: outWords,
    positions: outPositions.sort((a, b) => a.index - b.index),
    fillers: rest,
  };
}
