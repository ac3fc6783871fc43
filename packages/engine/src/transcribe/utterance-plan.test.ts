import { describe, expect, it } from 'vitest';
import type { EnergyTrack, VoiceTrack } from '../types.ts';
import { DEFAULT_UTTERANCES, keepOwnWords, planUtterances } from './utterance-plan.ts';

const DURATION = 60;

/** 32 ms windows: probability 0.9 inside the spans, 0.05 elsewhere. */
function voice(spans: [number, number][]): VoiceTrack {
  const prob = new Float32Array(Math.ceil(DURATION / 0.032)).fill(0.05);
  for (const [a, b] of spans) {
    for (let i = Math.floor(a / 0.032); i < Math.ceil(b / 0.032); i++) prob[i] = 0.9;
  }
  return { frameS: 0.032, prob };
}

/** 10 ms frames of speech at -20 dB, with quieter dips where given. */
function energy(dips: [number, number, number][] = []): EnergyTrack {
  const db = new Float32Array(DURATION * 100).fill(-20);
  for (const [a, b, level] of dips) {
    for (let i = Math.round(a * 100); i < Math.round(b * 100); i++) db[i] = level;
  }
  return { frameS: 0.01, db };
}

const w = (text: string, start: number, end: number) => ({ text, start, end });

describe('planUtterances', () => {
  it('does not join a quiet speaker to a loud one across a short pause', () => {
    const spans: [number, number][] = [
      [1, 3],
      [3.5, 6],
    ];
    const plan = planUtterances(voice(spans), energy([[3.3, 7, -60]]), DURATION, { padS: 0.3 });
    expect(plan).toHaveLength(2);
    expect(plan[0]!.end).toBeCloseTo(3.25, 1);
    expect(plan[1]!.start).toBeCloseTo(3.25, 1);
    expect(plan[1]!.end).toBeCloseTo(6.3, 1);
  });

  it('joins voice across short pauses and keeps long pauses as cuts', () => {
    const plan = planUtterances(
      voice([
        [1, 3],
        [3.5, 6],
        [10, 12],
      ]),
      energy(),
      DURATION,
      { padS: 0.3 },
    );
    expect(plan).toHaveLength(2);
    expect(plan[0]!.start).toBeCloseTo(0.7, 1);
    expect(plan[0]!.end).toBeCloseTo(6.3, 1);
    expect(plan[1]!.start).toBeCloseTo(9.7, 1);
    expect(plan[1]!.end).toBeCloseTo(12.3, 1);
  });

  it('stops joining at the length bound', () => {
    const plan = planUtterances(
      voice([
        [0, 6],
        [6.5, 12],
        [12.5, 18],
      ]),
      energy(),
      DURATION,
      { maxS: 13, padS: 0 },
    );
    expect(plan.map((u) => u.end - u.start).every((s) => s <= 13)).toBe(true);
    expect(plan).toHaveLength(2);
  });

  it('splits unbroken voice only at its quietest moment, never where it is loud', () => {
    // 30 s of voice with one quiet dip (a breath between words) at 11.2-11.3 s.
    const plan = planUtterances(voice([[0, 30]]), energy([[11.2, 11.3, -55]]), DURATION, {
      maxS: 15,
      minSplitS: 5,
      padS: 0.3,
    });
    expect(plan.length).toBeGreaterThanOrEqual(2);
    expect(plan[0]!.ownEnd).toBeGreaterThanOrEqual(11.2);
    expect(plan[0]!.ownEnd).toBeLessThanOrEqual(11.3);
    // The halves overlap across the cut, and each owns its side of it.
    const cut = plan[0]!.ownEnd;
    expect(plan[1]!.ownStart).toBe(cut);
    expect(plan[0]!.end).toBeCloseTo(cut + DEFAULT_UTTERANCES.splitOverlapS, 3);
    expect(plan[1]!.start).toBeCloseTo(cut - DEFAULT_UTTERANCES.splitOverlapS, 3);
    expect(plan[0]!.ownStart).toBe(plan[0]!.start);
  });

  it('keeps a word heard by both pieces of a split once, by the piece holding its middle', () => {
    const pieces = [
      {
        start: 0,
        end: 10.5,
        ownStart: 0,
        ownEnd: 10,
        words: [w('was', 9.4, 9.8), w('The', 9.95, 10.2), w('hos', 10.3, 10.5)],
      },
      {
        start: 9.5,
        end: 20,
        ownStart: 10,
        ownEnd: 20,
        words: [
          w('was', 9.5, 9.8),
          w('The', 9.96, 10.2),
          w('hospital', 10.25, 10.9),
          w('end.', 19.5, 20),
        ],
      },
    ];
    expect(keepOwnWords(pieces).map((x) => x.text)).toEqual(['was', 'The', 'hospital', 'end.']);
  });

  it('keeps every word of pieces that were not split, even at their very edges', () => {
    const pieces = [
      { start: 1, end: 3, ownStart: 1, ownEnd: 3, words: [w('a', 1, 1), w('b', 3, 3)] },
    ];
    expect(keepOwnWords(pieces)).toHaveLength(2);
  });

  it('pads no further than halfway to a neighbour or past the file', () => {
    const plan = planUtterances(
      voice([
        [0.1, 2],
        [2.4 + 1.6, 5],
      ]),
      energy(),
      5.2,
      { padS: 0.5, joinPauseS: 1 },
    );
    expect(plan[0]!.start).toBe(0);
    expect(plan[0]!.end).toBeLessThanOrEqual(plan[1]!.start);
    expect(plan[1]!.end).toBeLessThanOrEqual(5.2);
  });

  it('finds nothing to hear without voice', () => {
    expect(planUtterances(voice([]), energy(), DURATION)).toEqual([]);
  });
});
