// What the audio says must be kept. A stretch may be cut only when no voice is heard in it and it
// is quiet, whatever the recogniser made of it. Evidence against a cut: voice activity, recognised
// words with real sound under them, and sustained sound about as loud as the speech (a laugh, a
// jingle). In a video without speech only silence is cut: every sound is kept.
import type { EnergyTrack, Span, VoiceTrack, Word } from '../types.ts';
import {
  intersectSpans,
  levelsIn,
  overlapsAny,
  subtractSpans,
  mergeSpans,
  percentile,
  smoothLevels,
  soundRuns,
  voiceSpans,
} from './evidence-spans.ts';
import { padRegions, snapToQuiet } from './snap-edges.ts';
import type { EdgeTrack } from './snap-edges.ts';

export type EvidenceOptions = {
  /** A window at or above this speech probability starts voice. */
  onProb?: number;
  /** Voice goes on until the probability falls below this. */
  offProb?: number;
  /** Kept before the first sound of speech when the pause allows (seconds). */
  headPadS?: number;
  /** Kept after the last sound of speech, where word endings fade, when the pause allows. */
  tailPadS?: number;
  /** Kept however short the pause (a short pause then stays uncut). */
  minHeadPadS?: number;
  minTailPadS?: number;
  /** How far an edge may move out to reach the quiet (seconds). */
  maxSnapS?: number;
  /** How far an edge may move in over quiet the voice detector still counted (seconds). */
  maxTrimS?: number;
  /** Non-speech sound within this many dB of loud speech is kept (dB). */
  backgroundDropDb?: number;
  /** An edge stops at sound this much quieter than loud speech, whatever is beside it (dB). */
  edgeFloorDropDb?: number;
  /** Without speech, only sound below this level is silence (dBFS). */
  silenceDb?: number;
};

export const DEFAULT_EVIDENCE = {
  onProb: 0.5,
  offProb: 0.35,
  headPadS: 0.08,
  tailPadS: 0.12,
  minHeadPadS: 0.04,
  minTailPadS: 0.05,
  maxSnapS: 0.3,
  maxTrimS: 0.2,
  backgroundDropDb: 10,
  edgeFloorDropDb: 45,
  silenceDb: -50,
} as const;

export type SpeechEvidence = {
  /** Kept spans (edges snapped to the quiet and padded), sorted, a gap or more apart. */
  regions: Span[];
  /** Where the voice detector heard speech. */
  voice: Span[];
  /** Recognised words with evidence under them; the others are the recogniser's noise. */
  words: Word[];
  /** True when the detector heard voice; false keeps every sound and cuts only silence. */
  speech: boolean;
  /** Sound louder than this (dBFS, over 100 ms) is kept even without voice. */
  loudDb: number;
};

export function gatherSpeechEvidence(
  input: { voice: VoiceTrack; energy: EnergyTrack; words: readonly Word[]; durationS: number },
  options: EvidenceOptions = {},
): SpeechEvidence {
  const o = { ...DEFAULT_EVIDENCE, ...options };
  const { energy, durationS } = input;
  const levels = smoothLevels(energy);
  const voice = voiceSpans(input.voice, o.onProb, o.offProb);
  // NOTE: loud speech (90th percentile of the voiced frames) is the yardstick. Where the detector
  // heard no voice, a word counts only if it is about as loud as that: the recogniser "hears" words
  // in a music bed or in silence, and stretches its words over the quiet around them. With no
  // voice anywhere the words are all such noise: the video has no speech.
  const speechLoud = percentile(levelsIn(energy, voice), 0.9);
  const speech = speechLoud !== undefined;
  const loudDb = speech ? speechLoud - o.backgroundDropDb : o.silenceDb;
  // Only the loud stretches of a word's unvoiced part: the recogniser may stretch one "word" over
  // seconds of music up to the speech it runs into.
  const loudStretches = soundRuns(levels, energy.frameS, loudDb, 0.03);
  const unvoicedWords = mergeSpans(subtractSpans(input.words, voice));
  const wordEvidence = speech ? intersectSpans(loudStretches, unvoicedWords) : [];
  const words = speech
    ? input.words.filter(
        // NOTE (issue 35): binary searches of the sorted spans, not a scan of them per word.
        (w) => overlapsAny(voice, w) || overlapsAny(wordEvidence, w),
      )
    : [];
  const sound = soundRuns(levels, energy.frameS, loudDb, speech ? 0.25 : 0.1);
  const evidence = mergeSpans(
    [...voice, ...wordEvidence, ...sound].map(({ start, end }) => ({ start, end })),
  );
  // NOTE: each edge is placed on the plain or the pre-emphasised level, whichever has the steadier
  // background beside it: a pink room tone is flat and about 10 dB steadier pre-emphasised, and a
  // word's fading tail or first fricative stands out there; a music bed's plucks stand out too.
  const tracks: EdgeTrack[] = [
    { energy, floorDb: speech ? speechLoud - o.edgeFloorDropDb : o.silenceDb },
  ];
  const emphasised = energy.edgeDb && { frameS: energy.frameS, db: energy.edgeDb };
  const emphasisedLoud = emphasised && percentile(levelsIn(emphasised, voice), 0.9);
  if (emphasised && emphasisedLoud !== undefined) {
    tracks.push({ energy: emphasised, floorDb: emphasisedLoud - o.edgeFloorDropDb });
  }
  const snapped = snapToQuiet(tracks, evidence, { ...o, voice: input.voice });
  const regions = padRegions(snapped, durationS, o);
  return {
    // NOTE: nothing heard at all keeps the whole video: a cut to nothing helps no one.
    regions: regions.length ? regions : [{ start: 0, end: durationS }],
    voice,
    words,
    speech,
    loudDb,
  };
}
