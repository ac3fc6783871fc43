// Text normalised for word error rate, as /work/shared/realspeech/README.md says: lower case,
// punctuation dropped (apostrophes kept), hyphens split, numbers spelled out as spoken
// ("25" -> "twenty five", "3:2" -> "three to two"). Both sides of a comparison go through it.
// NOTE: numbers are spelled by the aligner's rules (align/spell-number.ts), the one source of them.
import { spellNumberToken } from '../align/spell-number.ts';

/** The words of a text, normalised for scoring. */
export function normaliseForWer(text: string): string[] {
  const out: string[] = [];
  const spaced = text
    .toLowerCase()
    .replaceAll(/[\u2018\u2019]/g, "'")
    .replaceAll(/[-\u2010-\u2015]/g, ' ');
  for (const raw of spaced.split(/\s+/)) {
    // Keep what a number is made of (digits , . : %) and apostrophes inside words.
    const token = raw.replaceAll(/[^\p{L}\p{N}'.,:%]/gu, '').replace(/^[.,:']+|[.,:']+$/g, '');
    const spelled = /\d/.test(token) ? spellNumberToken(token) : undefined;
    if (spelled) {
      out.push(...spelled);
      continue;
    }
    const word = token.replaceAll(/[^\p{L}\p{N}']/gu, ' ').trim();
    if (word) out.push(...word.split(/\s+/));
  }
  return out;
}
