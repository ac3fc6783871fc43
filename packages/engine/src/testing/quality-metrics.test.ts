import { describe, expect, it } from 'vitest';
import {
  alignedWords,
  commonWords,
  scoreGaps,
  speechKept,
  wordRetention,
} from './quality-metrics.ts';
import { sentenceWindows, toOutputTime } from './word-retention.ts';

const speech = [
  { start: 1, end: 3 },
  { start: 4, end: 6 },
];
const silences = [
  { start: 0, end: 1 },
  { start: 3, end: 4 },
  { start: 6, end: 7 },
];

describe('speechKept', () => {
  it('is the share of true speech time inside the kept spans', () => {
    expect(speechKept(speech, [{ start: 0.9, end: 6.1 }])).toBe(1);
    expect(speechKept(speech, [{ start: 1.5, end: 6 }])).toBeCloseTo(0.875, 5);
  });
});

describe('scoreGaps', () => {
  it('matches gaps to true pauses and measures edges against the padded expectation', () => {
    const found = [
      { start: 0, end: 0.92 },
      { start: 3.12, end: 3.92 },
      { start: 6.14, end: 7 },
    ];
    const score = scoreGaps(found, speech, silences, 7);
    expect(score).toMatchObject({ found: 3, truth: 3, precision: 1, recall: 1 });
    expect(score.maxEdgeErrorS).toBeCloseTo(0.02, 5);
  });

  it('counts a gap inside speech as wrong and a missed pause as not recalled', () => {
    const score = scoreGaps([{ start: 1.5, end: 2.5 }], speech, silences, 7);
    expect(score.precision).toBe(0);
    expect(score.recall).toBe(0);
  });
});

describe('word retention', () => {
  it('counts words heard again in order, ignoring case and punctuation', () => {
    expect(commonWords(['Hello', 'big', 'world.'], ['hello', 'world'])).toBe(2);
    expect(wordRetention(['a', 'b', 'c', 'd'], ['a', 'b', 'd'])).toBe(0.75);
    expect(wordRetention([], ['x'])).toBe(1);
  });

  it('maps source times onto the output of the kept spans', () => {
    const keep = [
      { start: 0.9, end: 3.1 },
      { start: 3.9, end: 6.1 },
    ];
    expect(toOutputTime(1, keep)).toBeCloseTo(0.1, 5);
    expect(toOutputTime(3.5, keep)).toBeCloseTo(2.2, 5);
    expect(toOutputTime(4, keep)).toBeCloseTo(2.3, 5);
  });

  it('takes each sentence with a little quiet, never reaching into a neighbour', () => {
    const windows = sentenceWindows(
      [
        { start: 1, end: 2 },
        { start: 2.2, end: 3 },
      ],
      3.1,
    );
    expect(windows).toEqual([
      { start: 0.75, end: 2.1 },
      { start: 2.1, end: 3.1 },
    ]);
  });

  it('takes only the quiet the long form kept, but always the whole sentence', () => {
    const speech = [{ start: 1, end: 2 }];
    expect(sentenceWindows(speech, 3, [{ start: 0.9, end: 2.1 }])).toEqual([
      { start: 0.9, end: 2.1 },
    ]);
    expect(sentenceWindows(speech, 3, [{ start: 1.2, end: 2.1 }])).toEqual([
      { start: 1, end: 2.1 },
    ]);
  });
});

describe('alignedWords', () => {
  it('keeps the words heard right, in order, and drops the misheard', () => {
    const truth = 'Welcome back to the channel, today we talk about editing.'.split(' ');
    const heard = 'welcome back to the channel today we got the town editing'.split(' ');
    expect(alignedWords(heard, truth)).toEqual([
      'welcome',
      'back',
      'to',
      'the',
      'channel',
      'today',
      'we',
      'editing',
    ]);
    expect(alignedWords([], truth)).toEqual([]);
  });
});
