// A long talk's analysis inputs made in memory (issue 35): words of speech in bursts of 1.5 to 6.5
// s with pauses between, the voice detector's track and the loudness track that go with them. For
// the analysis stages' linearity test.
import { VAD_FRAME_S } from '../vad/silero-vad.ts';
import type { EnergyTrack, VoiceTrack, Word } from '../types.ts';

export type LongTalkInput = {
  durationS: number;
  words: Word[];
  voice: VoiceTrack;
  energy: EnergyTrack;
};

const TEXT = (
  'so today we talk about the way um things grow when the video gets longer and why it ' +
  'matters. Really? yes it does matter a lot, uh, to everyone who edits a long talk.'
).split(' ');

/** A deterministic pseudo-random sequence, so every run gets the same talk. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export function longTalkInput(durationS: number): LongTalkInput {
  const next = random(3);
  const words: Word[] = [];
  const frameS = 0.01;
  const db = new Float32Array(Math.ceil(durationS / frameS)).fill(-70);
  const prob = new Float32Array(Math.ceil(durationS / VAD_FRAME_S)).fill(0.02);
  let t = 0.5;
  for (let k = 0; t < durationS - 10;) {
    const length = 1.5 + next() * 5;
    for (let w = t; w < t + length - 0.3; w += 0.4) {
      words.push({
        text: TEXT[k++ % TEXT.length] ?? 'so',
        start: w,
        end: w + 0.33,
        confidence: 0.9,
      });
    }
    for (let f = Math.floor(t / frameS); f < (t + length) / frameS; f++)
      db[f] = -20 + 5 * Math.sin(f);
    for (let f = Math.floor(t / VAD_FRAME_S); f < (t + length) / VAD_FRAME_S; f++) prob[f] = 0.95;
    t += length + 0.3 + next() * 1.2;
  }
  return {
    durationS,
    words,
    voice: { frameS: VAD_FRAME_S, prob },
    energy: { frameS, db, edgeDb: db },
  };
}
