import { describe, expect, it } from 'vitest';
import { ALIGNED_FILLER_CONFIDENCE, insertFillers } from './aligned-fillers.ts';

const words = [
  { text: 'So,', start: 1, end: 1.3, confidence: 0.9 },
  { text: 'the', start: 2, end: 2.1, confidence: 0.9 },
  { text: 'end.', start: 2.1, end: 2.5, confidence: 0.9 },
];

describe('insertFillers', () => {
  it('puts a filler set off by pauses between the words it came between', () => {
    const out = insertFillers(words, [{ text: 'um', after: 0, start: 0.5, end: 0.9 }], 1);
    expect(out.map((w) => w.text)).toEqual(['So,', 'um', 'the', 'end.']);
    expect(out[1]).toEqual({
      text: 'um',
      start: 1.5,
      end: 1.9,
      confidence: ALIGNED_FILLER_CONFIDENCE,
    });
  });

  it('drops a filler that runs on from a word, a short one and one after the last word', () => {
    const out = insertFillers(
      words,
      [
        { text: 'uh', after: 0, start: 0.3, end: 0.6 },
        { text: 'uh', after: 0, start: 0.7, end: 0.75 },
        { text: 'ah', after: 2, start: 1.6, end: 1.9 },
      ],
      1,
    );
    expect(out).toEqual(words);
  });

  it('joins the pieces of one hesitation and leaves a pause with a written filler alone', () => {
    const joined = insertFillers(
      words,
      [
        { text: 'uh', after: 0, start: 0.4, end: 0.5 },
        { text: 'um', after: 0, start: 0.52, end: 0.85 },
      ],
      1,
    );
    expect(joined.map((w) => [w.text, w.start, w.end])).toContainEqual(['um', 1.4, 1.85]);
    const written = [words[0]!, { ...words[0]!, text: 'Um,', start: 1.4, end: 1.6 }, words[1]!];
    const out = insertFillers(written, [{ text: 'uh', after: 1, start: 0.7, end: 0.9 }], 1);
    expect(out).toEqual(written);
  });
});
