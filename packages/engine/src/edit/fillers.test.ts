import { clipKeptSpans } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import type { EnergyTrack, Gap, Span, Word } from '../types.ts';
import { findFillers, isFillerWord } from './fillers.ts';

const FRAME_S = 0.01;

const word = (text: string, start: number, end: number): Word => ({
  text,
  start,
  end,
  confidence: 0.9,
});

/** A 10 ms loudness track: -80 dBFS, with `loud` spans at their level (a list of [span, dB]). */
function energyTrack(durationS: number, loud: [Span, number | ((t: number) => number)][]) {
  const db = new Float32Array(Math.round(durationS / FRAME_S)).fill(-80);
  for (const [span, level] of loud) {
    for (let i = Math.round(span.start / FRAME_S); i < Math.round(span.end / FRAME_S); i += 1) {
      db[i] = typeof level === 'number' ? level : level(i * FRAME_S);
    }
  }
  return { frameS: FRAME_S, db } satisfies EnergyTrack;
}

const wordsLoud = (words: readonly Word[]): [Span, number][] => words.map((w) => [w, -20]);

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

describe('isFillerWord', () => {
  it('knows the written fillers with any case and punctuation, and sphinx-style tokens', () => {
    for (const text of [
      'um',
      'Um,',
      'UH...',
      'uhm',
      'erm',
      'Ah!',
      'hmm',
      'Mm.',
      '++UM++',
      '[uh]',
    ]) {
      expect(isFillerWord(text), text).toBe(true);
    }
  });

  it('leaves real words and answers alone', () => {
    for (const text of ['a', 'I', "I'm", 'um-brella', 'Hum', 'mhm', 'uh-huh', 'eh', 'am', 'err.']) {
      expect(isFillerWord(text), text).toBe(text === 'err.');
    }
  });
});

describe('findFillers', () => {
  const words = [
    word('Five', 1, 1.3),
    word('seconds', 1.3, 1.8),
    word('is,', 1.8, 2.0),
    word('um,', 2.1, 2.35),
    word('enough', 2.4, 2.8),
  ];
  const real = words.filter((w) => w.text !== 'um,');

  it('makes a recognised "um" a filler span padded into the pauses but clear of both words', () => {
    const fillers = findFillers({
      words,
      voice: [{ start: 1, end: 2.8 }],
      energy: energyTrack(4, wordsLoud(words)),
      gaps: [{ id: 'gap-1', start: 0, end: 0.95 }],
      durationS: 4,
    });
    expect(fillers).toEqual([
      { id: 'gap-2', start: 2.05, end: 2.37, kind: 'filler', source: 'word' },
    ]);
    const kept = clipKeptSpans({ start: 0, end: 4 }, fillers);
    for (const w of real) expect(kept.some((k) => k.start <= w.start && w.end <= k.end)).toBe(true);
  });

  it('never overlaps a silence: the part of a filler inside a gap is left to the gap', () => {
    const fillers = findFillers({
      words: [word('so', 0.5, 0.8), word('uh', 0.9, 1.25), word('right', 2.5, 2.9)],
      voice: [{ start: 0.5, end: 2.9 }],
      energy: energyTrack(3, [[{ start: 0.5, end: 2.9 }, -20]]),
      gaps: [{ id: 'gap-1', start: 1.2, end: 2.4 }],
      durationS: 3,
    });
    expect(fillers).toEqual([
      { id: 'gap-2', start: 0.85, end: 1.2, kind: 'filler', source: 'word' },
    ]);
  });

  it('drops a filler too short to cut (under 0.1 s once clamped against its neighbours)', () => {
    const fillers = findFillers({
      words: [word('that', 1, 1.2), word('uh', 1.21, 1.27), word('silence', 1.28, 1.8)],
      voice: [{ start: 1, end: 1.8 }],
      energy: energyTrack(2, [[{ start: 1, end: 1.8 }, -20]]),
      gaps: [],
      durationS: 2,
    });
    expect(fillers).toEqual([]);
  });

  it('takes a held voiced stretch with no word between words as a filler', () => {
    const spoken = [word('So', 1, 1.3), word('the', 1.9, 2.0), word('plan', 2.0, 2.4)];
    const fillers = findFillers({
      words: spoken,
      voice: [{ start: 1, end: 2.4 }],
      energy: energyTrack(3, [...wordsLoud(spoken), [{ start: 1.4, end: 1.8 }, -24]]),
      gaps: [],
      durationS: 3,
    });
    expect(fillers).toEqual([
      { id: 'gap-1', start: 1.35, end: 1.85, kind: 'filler', source: 'voice' },
    ]);
  });

  it('leaves held sound that runs on into a word alone (the word is likely misplaced)', () => {
    const spoken = [word('So', 1, 1.3), word('the', 1.9, 2.0), word('plan', 2.0, 2.4)];
    const fillers = findFillers({
      words: spoken,
      voice: [{ start: 1, end: 2.4 }],
      energy: energyTrack(3, [...wordsLoud(spoken), [{ start: 1.45, end: 1.9 }, -24]]),
      gaps: [],
      durationS: 3,
    });
    expect(fillers).toEqual([]);
  });

  it('leaves unrecognised voice that rises and falls like speech (a missed word) alone', () => {
    const spoken = [word('So', 1, 1.3), word('plan', 2.0, 2.4)];
    const syllables = (t: number) => (Math.floor(t / 0.08) % 2 === 0 ? -20 : -45);
    const fillers = findFillers({
      words: spoken,
      voice: [{ start: 1, end: 2.4 }],
      energy: energyTrack(3, [...wordsLoud(spoken), [{ start: 1.4, end: 1.9 }, syllables]]),
      gaps: [],
      durationS: 3,
    });
    expect(fillers).toEqual([]);
  });

  it('leaves quiet voice (breath, room) and voice too long to be a filler alone', () => {
    const spoken = [word('So', 1, 1.3), word('plan', 3.5, 3.9)];
    const quiet = findFillers({
      words: spoken,
      voice: [{ start: 1, end: 3.9 }],
      energy: energyTrack(4, [...wordsLoud(spoken), [{ start: 1.4, end: 1.8 }, -50]]),
      gaps: [],
      durationS: 4,
    });
    const long = findFillers({
      words: spoken,
      voice: [{ start: 1, end: 3.9 }],
      energy: energyTrack(4, [...wordsLoud(spoken), [{ start: 1.4, end: 3.3 }, -22]]),
      gaps: [],
      durationS: 4,
    });
    expect([quiet, long]).toEqual([[], []]);
  });

  it('refuses a filler whose cut would drop a sliver holding a word next to a silence', () => {
    // The 0.09 s word between the filler and the gap would fall in a sliver under 0.1 s.
    const spoken = [word('um', 1.0, 1.3), word('I', 1.34, 1.38)];
    const gaps: Gap[] = [{ id: 'gap-1', start: 1.41, end: 2.5 }];
    const fillers = findFillers({
      words: [word('So', 0.5, 0.9), ...spoken],
      voice: [{ start: 0.5, end: 1.4 }],
      energy: energyTrack(3, wordsLoud(spoken)),
      gaps,
      durationS: 3,
    });
    const cut = [...gaps, ...fillers];
    const kept = clipKeptSpans({ start: 0, end: 3 }, cut);
    expect(kept.some((k) => k.start <= 1.34 && 1.38 <= k.end)).toBe(true);
    expect(fillers.every((f) => !overlaps(f, { start: 1.34, end: 1.38 }))).toBe(true);
  });
});
