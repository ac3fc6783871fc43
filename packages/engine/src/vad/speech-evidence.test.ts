import { describe, expect, it } from 'vitest';
import type { EnergyTrack, Span, VoiceTrack, Word } from '../types.ts';
import { gatherSpeechEvidence } from './speech-evidence.ts';

const DURATION = 8;

/** 10 ms frames at `floor` dB, with the given spans at their own level. */
function energy(floor: number, loud: [number, number, number][]): EnergyTrack {
  const db = new Float32Array(DURATION * 100).fill(floor);
  for (const [a, b, level] of loud) {
    for (let i = Math.round(a * 100); i < Math.round(b * 100); i++) db[i] = level;
  }
  return { frameS: 0.01, db };
}

/** 32 ms windows: probability 0.9 inside the spans, 0.05 elsewhere. */
function voice(spans: [number, number][]): VoiceTrack {
  const prob = new Float32Array(Math.ceil(DURATION / 0.032)).fill(0.05);
  for (const [a, b] of spans) {
    for (let i = Math.floor(a / 0.032); i < Math.ceil(b / 0.032); i++) prob[i] = 0.9;
  }
  return { frameS: 0.032, prob };
}

const word = (text: string, start: number, end: number): Word => ({
  text,
  start,
  end,
  confidence: 0.9,
});

const round = (spans: Span[]) =>
  spans.map((s) => [Math.round(s.start * 100) / 100, Math.round(s.end * 100) / 100]);

describe('gatherSpeechEvidence', () => {
  it('keeps speech the recogniser found no words in, snapped to the audio and padded', () => {
    const evidence = gatherSpeechEvidence({
      // Speech 1.00-3.00 in digital silence; the detector reacts 64 ms late at both ends.
      energy: energy(-100, [[1, 3, -20]]),
      voice: voice([[1.064, 3.064]]),
      words: [],
      durationS: DURATION,
    });
    expect(evidence.speech).toBe(true);
    expect(round(evidence.regions)).toEqual([[0.92, 3.12]]);
  });

  it('cuts only silence when there is sound but no speech (a tone, music)', () => {
    const evidence = gatherSpeechEvidence({
      energy: energy(-100, [[2, 5, -18]]),
      voice: voice([]),
      // The recogniser "hears" a word in the music; with no voice anywhere it is noise.
      words: [word('the', 3, 3.1)],
      durationS: DURATION,
    });
    expect(evidence.speech).toBe(false);
    expect(evidence.words).toEqual([]);
    expect(round(evidence.regions)).toEqual([[1.92, 5.12]]);
  });

  it('keeps the whole video when there is nothing to hear at all', () => {
    const evidence = gatherSpeechEvidence({
      energy: energy(-100, []),
      voice: voice([]),
      words: [word('the', 3, 3.2)],
      durationS: DURATION,
    });
    expect(evidence.speech).toBe(false);
    expect(evidence.words).toEqual([]);
    expect(evidence.regions).toEqual([{ start: 0, end: DURATION }]);
  });

  it('cuts a quiet music bed between sentences and drops words "heard" in it', () => {
    const evidence = gatherSpeechEvidence({
      // A bed at -45 dB everywhere, speech at -20 dB.
      energy: energy(-45, [
        [1, 2.5, -20],
        [4.5, 6, -20],
      ]),
      voice: voice([
        [1, 2.5],
        [4.5, 6],
      ]),
      words: [word('hello', 1.1, 2.4), word('um', 3.2, 3.5), word('again', 4.6, 5.9)],
      durationS: DURATION,
    });
    expect(evidence.words.map((w) => w.text)).toEqual(['hello', 'again']);
    // Over a bed, edges are judged on a level steadied over 30 ms: one frame more is kept.
    expect(round(evidence.regions)).toEqual([
      [0.91, 2.63],
      [4.41, 6.13],
    ]);
  });

  it('keeps loud sound without voice (a laugh, a jingle) inside a talk', () => {
    const evidence = gatherSpeechEvidence({
      energy: energy(-70, [
        [1, 2, -20],
        [3, 3.8, -22],
        [5, 6, -20],
      ]),
      voice: voice([
        [1, 2],
        [5, 6],
      ]),
      words: [],
      durationS: DURATION,
    });
    expect(evidence.regions.some((r) => r.start <= 3 && r.end >= 3.8)).toBe(true);
  });

  it('keeps a word the detector missed when it is as loud as the speech', () => {
    const evidence = gatherSpeechEvidence({
      energy: energy(-70, [
        [1, 2, -20],
        [3, 3.4, -21],
      ]),
      voice: voice([[1, 2]]),
      words: [word('yes', 3, 3.4)],
      durationS: DURATION,
    });
    expect(evidence.words.map((w) => w.text)).toEqual(['yes']);
    expect(evidence.regions.some((r) => r.start <= 3 && r.end >= 3.4)).toBe(true);
  });

  it('in digital silence, cuts even a 0.35 s pause: the edges are exact', () => {
    const spans: [number, number][] = [
      [1, 2],
      [2.35, 3],
    ];
    const evidence = gatherSpeechEvidence({
      energy: energy(
        -100,
        spans.map(([a, b]) => [a, b, -20]),
      ),
      voice: voice(spans),
      words: [],
      durationS: DURATION,
    });
    expect(evidence.regions).toHaveLength(2);
    expect(evidence.regions[0]!.end).toBeGreaterThanOrEqual(2);
    expect(evidence.regions[1]!.start).toBeLessThanOrEqual(2.35);
  });

  it('over room tone, leaves a pause too short for padding and a gap uncut, cuts a longer one', () => {
    const spans: [number, number][] = [
      [1, 2],
      [2.35, 3],
      [3.6, 4.5],
    ];
    const evidence = gatherSpeechEvidence({
      energy: energy(
        -60,
        spans.map(([a, b]) => [a, b, -20]),
      ),
      voice: voice(spans),
      words: [],
      durationS: DURATION,
    });
    expect(evidence.regions).toHaveLength(2);
    const [first, second] = evidence.regions;
    expect(first!.end).toBeGreaterThanOrEqual(3 + 0.05);
    expect(second!.start).toBeLessThanOrEqual(3.6 - 0.04);
    expect(Math.round((second!.start - first!.end) * 100)).toBeGreaterThan(30);
  });
});
