import { describe, expect, it } from 'vitest';
import {
  ALIGNED_FILLER_CONFIDENCE,
  insertFillers,
  isHeardFiller,
  replaceablePositions,
  separateHeardFillers,
  takeReplacements,
} from './aligned-fillers.ts';

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
      heard: true,
    });
  });

  it('keeps heard fillers out of the transcript, handing them on as plain words', () => {
    const out = insertFillers(words, [{ text: 'um', after: 0, start: 0.5, end: 0.9 }], 1);
    const { words: said, fillers } = separateHeardFillers(out);
    expect(said).toEqual(words);
    expect(fillers).toEqual([
      { text: 'um', start: 1.5, end: 1.9, confidence: ALIGNED_FILLER_CONFIDENCE },
    ]);
    expect(fillers.some(isHeardFiller)).toBe(false);
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

describe('replacing a doubtful word with a filler', () => {
  const heard = [
    { text: 'So', confidence: 0.9 },
    { text: 'dumb,', confidence: 0.3 },
    { text: 'a', confidence: 0.3 },
    { text: 'thing.', confidence: 0.3 },
  ];

  it('lets a filler stand in only for a doubtful pronounced word between two others', () => {
    expect(replaceablePositions(heard, [2, 3, 1, 3])).toEqual([false, true, true, false]);
    // NOTE: length is no bar (Moonshine wrote a held "erm" as "Birmingham"); the aligner decides.
    expect(replaceablePositions(heard, [2, 8, 1, 3])).toEqual([false, true, true, false]);
    expect(replaceablePositions(heard, [2, 0, 1, 3])).toEqual([false, false, true, false]);
    const sure = heard.map((w) => ({ ...w, confidence: 0.9 }));
    expect(replaceablePositions(sure, [2, 3, 1, 3])).toEqual([false, false, false, false]);
    // NOTE: a fair doubt is enough to let the word compete (Moonshine wrote "or" 0.75 for "ah").
    const fair = heard.map((w) => ({ ...w, confidence: 0.75 }));
    expect(replaceablePositions(fair, [2, 3, 1, 3])).toEqual([false, true, true, false]);
  });

  it('makes the word the filler the aligner heard in its place, set off by pauses', () => {
    const positions = [
      { index: 0, start: 0.1, end: 0.4 },
      { index: 2, start: 1.2, end: 1.3 },
      { index: 3, start: 1.3, end: 1.8 },
    ];
    const filler = { text: 'um', after: 0, start: 0.6, end: 1.0 };
    const out = takeReplacements(heard, positions, [filler], [false, true, true, false]);
    expect(out.words.map((w) => w.text)).toEqual(['So', 'um,', 'a', 'thing.']);
    expect(out.positions.map((p) => p.index)).toEqual([0, 1, 2, 3]);
    expect(out.fillers).toEqual([]);
    const close = { ...filler, end: 1.18 };
    const kept = takeReplacements(heard, positions, [close], [false, true, true, false]);
    expect(kept.words).toEqual(heard);
    expect(kept.fillers).toEqual([close]);
  });

  it('makes two pieces heard where one word stood one filler, named by the longer', () => {
    const positions = [
      { index: 0, start: 0.1, end: 0.4 },
      { index: 2, start: 1.6, end: 1.7 },
      { index: 3, start: 1.7, end: 2.0 },
    ];
    // NOTE: as the aligner heard "Birmingham" for a held "erm": "ah" on a breath, then the "erm".
    const breath = { text: 'ah', after: 0, start: 0.5, end: 0.62 };
    const erm = { text: 'erm', after: 0, start: 0.8, end: 1.4 };
    const out = takeReplacements(heard, positions, [erm, breath], [false, true, true, false]);
    expect(out.words.map((w) => w.text)).toEqual(['So', 'erm,', 'a', 'thing.']);
    expect(out.positions[1]).toEqual({ index: 1, start: 0.5, end: 1.4 });
    expect(out.fillers).toEqual([]);
    // NOTE: a later piece that runs into the next word is not the hesitation's.
    const late = { ...erm, end: 1.58 };
    const alone = takeReplacements(heard, positions, [breath, late], [false, true, true, false]);
    expect(alone.words[1]?.text).toBe('ah,');
    expect(alone.positions[1]).toEqual({ index: 1, start: 0.5, end: 0.62 });
    expect(alone.fillers).toEqual([late]);
  });
});
