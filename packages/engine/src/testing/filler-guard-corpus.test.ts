import { describe, expect, it } from 'vitest';
import { FILLER_GUARD_A, FILLER_GUARD_B } from './filler-guard-corpus.ts';

const FILLER = /^(um|uh|erm|ah)$/i;
const pieces = (sentence: string) => sentence.split('|').map((p) => p.trim());

describe('filler guard sets', () => {
  it('A: four voices, each sentence with one filler set off as a piece', () => {
    expect(FILLER_GUARD_A.map((c) => c.voice)).toEqual(['rms', 'awb', 'slt', 'kal']);
    for (const c of FILLER_GUARD_A) {
      expect(c.sentences).toHaveLength(8);
      for (const s of c.sentences) expect(pieces(s).filter((p) => FILLER.test(p))).toHaveLength(1);
    }
  });

  it('B: no filler, one word alone between pauses a sentence, short and long, some held', () => {
    for (const c of FILLER_GUARD_B) {
      expect(c.sentences).toHaveLength(18);
      const alone = c.sentences.map((s) => pieces(s)[1] ?? '');
      expect(c.sentences.flatMap(pieces).some((p) => FILLER.test(p.replace(/~$/, '')))).toBe(false);
      expect(alone.every((p) => /^[A-Za-z]+~?$/.test(p))).toBe(true);
      expect(alone.filter((p) => /^[a-z]{1,4}~?$/.test(p))).toHaveLength(12);
      expect(alone.filter((p) => p.endsWith('~'))).toHaveLength(10);
    }
  });
});
