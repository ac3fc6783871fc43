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
  const byWord = new Map<number, Word[]>();
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
    list.push({ text: f.text, start, end, confidence: ALIGNED_FILLER_CONFIDENCE });
    byWord.set(f.after, list);
  }
  return words.flatMap((w, i) => [w, ...(byWord.get(i) ?? [])]);
}
