// A generated corpus with ground truth for the quality bench and the never-cut-a-word tests:
// several flite voices and speaking rates, pauses either side of the 0.3 s rule, sentences that
// start on a weak consonant straight after a pause, speech from the first or to the last sample,
// room noise at 20 dB SNR and a quiet music bed. Everything is made sample by sample from a fixed
// seed, so every run hears the same audio.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assembleSpeech, muxPictureWithSound, speakSentence } from './test-media.ts';
import type { TalkingVideo } from './test-media.ts';
import { encodeWav } from './wav.ts';

export type Background = 'none' | 'room-noise' | 'music';

export type CorpusCase = {
  name: string;
  /** A flite voice (`flite -lv`). */
  voice: string;
  /** flite duration_stretch: 0.85 is fast speech, 1.25 slow. */
  stretch: number;
  sentences: string[];
  pausesS: number[];
  leadInS: number;
  tailS: number;
  background: Background;
  /** Speech to background level (dB), for a background. */
  snrDb?: number;
};

const SENTENCES = [
  'So the first thing to know is that silence costs you viewers.',
  'Five seconds of nothing is enough to lose them.',
  'Perhaps you have noticed this in your own videos.',
  'Think about the last clip you watched to the end.',
  'Keep every word and cut only the quiet parts.',
  'That is what a careful editor does by hand.',
  'Fix the pacing first and the rest follows.',
  'Start with the pauses between your sentences.',
  'Hours of work turn into a few minutes.',
  'See you in the next one.',
];

const pick = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => SENTENCES[(from + i) % SENTENCES.length]!);

export const QUALITY_CORPUS: CorpusCase[] = [
  {
    name: 'slt-clean',
    voice: 'slt',
    stretch: 1,
    sentences: pick(0, 5),
    pausesS: [1.5, 0.2, 0.8, 3.0],
    leadInS: 1.2,
    tailS: 1,
    background: 'none',
  },
  {
    name: 'kal-fast-edges',
    voice: 'kal',
    stretch: 0.85,
    sentences: pick(2, 5),
    pausesS: [0.35, 1.0, 0.25, 2.0],
    leadInS: 0,
    tailS: 0.6,
    background: 'none',
  },
  {
    name: 'awb-slow-tail',
    voice: 'awb',
    stretch: 1.25,
    sentences: pick(4, 4),
    pausesS: [0.6, 0.45, 2.5],
    leadInS: 3,
    tailS: 0,
    background: 'none',
  },
  {
    name: 'rms-room-noise',
    voice: 'rms',
    stretch: 1,
    sentences: pick(6, 5),
    pausesS: [0.9, 0.2, 1.6, 0.4],
    leadInS: 0.8,
    tailS: 1.2,
    background: 'room-noise',
    snrDb: 20,
  },
  {
    name: 'kal16-music',
    voice: 'kal16',
    stretch: 1.1,
    sentences: pick(1, 5),
    pausesS: [1.2, 0.3, 0.7, 2.2],
    leadInS: 1.5,
    tailS: 1,
    background: 'music',
    snrDb: 20,
  },
  {
    name: 'slt-fast-noise',
    voice: 'slt',
    stretch: 0.9,
    sentences: pick(5, 5),
    pausesS: [0.5, 1.8, 0.22, 1.1],
    leadInS: 0.4,
    tailS: 0.4,
    background: 'room-noise',
    snrDb: 20,
  },
  {
    name: 'awb-music',
    voice: 'awb',
    stretch: 1,
    sentences: pick(3, 4),
    pausesS: [2.8, 0.55, 1.3],
    leadInS: 2,
    tailS: 2,
    background: 'music',
    snrDb: 20,
  },
];

/** mulberry32: a tiny seeded generator, so the background is the same on every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Room tone: pink noise (Kellet's filter) with a faint mains hum. RMS about 1. */
export function roomNoise(length: number, sampleRate: number, seed = 1): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(length);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let i = 0; i < length; i++) {
    const white = random() * 2 - 1;
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    const pink = (b0 + b1 + b2 + white * 0.1848) * 0.55;
    const hum = 0.3 * Math.sin((2 * Math.PI * 50 * i) / sampleRate);
    out[i] = pink + hum;
  }
  return normalise(out);
}

/** A soft music bed: a four-chord pad with a plucked melody at 96 beats a minute. RMS about 1. */
export function musicBed(length: number, sampleRate: number, seed = 2): Float32Array {
  const random = seededRandom(seed);
  const chords = [
    [220, 277.18, 329.63],
    [196, 246.94, 293.66],
    [174.61, 220, 261.63],
    [196, 246.94, 329.63],
  ];
  const scale = [440, 493.88, 554.37, 659.25, 739.99];
  const beat = Math.round((60 / 96) * sampleRate);
  const out = new Float32Array(length);
  let note = scale[0]!;
  for (let i = 0; i < length; i++) {
    const b = Math.floor(i / beat);
    const inBeat = (i % beat) / sampleRate;
    if (i % beat === 0) note = scale[Math.floor(random() * scale.length)]!;
    const chord = chords[Math.floor(b / 4) % chords.length]!;
    const t = i / sampleRate;
    let pad = 0;
    for (const f of chord) pad += Math.sin(2 * Math.PI * f * t);
    const pluck = Math.exp(-inBeat * 6) * Math.sin(2 * Math.PI * note * t);
    out[i] = 0.25 * pad + 0.6 * pluck;
  }
  return normalise(out);
}

function normalise(samples: Float32Array): Float32Array {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length)) || 1;
  for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! / rms;
  return samples;
}

/** Adds `background` (RMS 1) under the speech at `snrDb` below the speech's own RMS. */
export function mixUnder(
  speech: Int16Array,
  speechSpans: readonly { start: number; end: number }[],
  background: Float32Array,
  snrDb: number,
  sampleRate: number,
): Int16Array {
  let sum = 0;
  let count = 0;
  for (const span of speechSpans) {
    const to = Math.min(speech.length, Math.round(span.end * sampleRate));
    for (let i = Math.round(span.start * sampleRate); i < to; i++) {
      sum += speech[i]! * speech[i]!;
      count++;
    }
  }
  const level = Math.sqrt(sum / Math.max(1, count)) / 10 ** (snrDb / 20);
  const out = new Int16Array(speech.length);
  for (let i = 0; i < speech.length; i++) {
    const v = speech[i]! + level * (background[i] ?? 0);
    out[i] = Math.max(-32768, Math.min(32767, Math.round(v)));
  }
  return out;
}

export type CorpusVideo = TalkingVideo & { corpusCase: CorpusCase };

/** One corpus case as an mp4 (640x360, 25 fps) with its ground truth. */
export async function makeCorpusVideo(c: CorpusCase, dir: string): Promise<CorpusVideo> {
  await mkdir(dir, { recursive: true });
  const clips = [];
  for (const text of c.sentences) {
    clips.push({ text, pcm: await speakSentence(text, dir, c.voice, { stretch: c.stretch }) });
  }
  const fps = 25;
  const track = assembleSpeech(clips, {
    silenceS: c.pausesS,
    leadInS: c.leadInS,
    tailS: c.tailS,
    fps,
  });
  const { sampleRate } = track.pcm;
  let samples = track.pcm.samples;
  if (c.background !== 'none') {
    const length = samples.length;
    const bed =
      c.background === 'music' ? musicBed(length, sampleRate) : roomNoise(length, sampleRate);
    samples = mixUnder(samples, track.sentences, bed, c.snrDb ?? 20, sampleRate);
  }
  const wav = path.join(dir, `${c.name}.wav`);
  const output = path.join(dir, `${c.name}.mp4`);
  await writeFile(wav, encodeWav({ sampleRate, samples }));
  try {
    await muxPictureWithSound({
      wav,
      output,
      width: 640,
      height: 360,
      fps,
      frames: track.frames,
      codec: 'h264',
    });
  } finally {
    await rm(wav, { force: true });
  }
  return {
    path: output,
    durationS: track.durationS,
    sentences: track.sentences,
    speechSpans: track.sentences.map(({ start, end }) => ({ start, end })),
    gaps: track.gaps,
    corpusCase: c,
  };
}

export type SoundOnlyKind = 'tone' | 'music' | 'silence' | 'reversed-speech';

/**
 * A video whose sound has no recognisable words: a steady tone, the music bed, digital silence,
 * or flite speech played backwards (speech-like sound in no language the recogniser knows).
 * Sound from `soundFromS` to `soundToS`, silence around it.
 */
export async function makeSoundOnlyVideo(options: {
  dir: string;
  kind: SoundOnlyKind;
  durationS: number;
  soundFromS?: number;
  soundToS?: number;
  name?: string;
}): Promise<TalkingVideo> {
  const { dir, kind, durationS } = options;
  await mkdir(dir, { recursive: true });
  const sampleRate = 16_000;
  const fps = 25;
  const frames = Math.round(durationS * fps);
  const samples = new Int16Array(Math.round((frames / fps) * sampleRate));
  const from = Math.round((options.soundFromS ?? 0) * sampleRate);
  const to = Math.min(samples.length, Math.round((options.soundToS ?? durationS) * sampleRate));
  // In sample units: the tone and the music at an RMS of 3000 (about -21 dBFS), like speech.
  const length = to - from;
  let sound = new Float32Array(0);
  if (kind === 'tone') {
    const tone = (i: number) => 3000 * Math.SQRT2 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
    sound = Float32Array.from({ length }, (_, i) => tone(i));
  } else if (kind === 'music') {
    sound = musicBed(length, sampleRate).map((v) => v * 3000);
  } else if (kind === 'reversed-speech') {
    const spoken = await speakSentence(
      'Cutting silence by hand takes hours every single week, so let the tool do it.',
      dir,
    );
    const reversed = Float32Array.from(spoken.samples).reverse();
    sound = Float32Array.from({ length }, (_, i) => reversed[i % reversed.length] ?? 0);
  }
  for (let i = 0; i < sound.length; i++) {
    samples[from + i] = Math.max(-32768, Math.min(32767, Math.round(sound[i]!)));
  }
  const name = options.name ?? `sound-${kind}`;
  const wav = path.join(dir, `${name}.wav`);
  const output = path.join(dir, `${name}.mp4`);
  await writeFile(wav, encodeWav({ sampleRate, samples }));
  try {
    await muxPictureWithSound({ wav, output, width: 320, height: 240, fps, frames, codec: 'h264' });
  } finally {
    await rm(wav, { force: true });
  }
  const span = { start: from / sampleRate, end: to / sampleRate };
  const silent = kind === 'silence';
  return {
    path: output,
    durationS: frames / fps,
    sentences: [],
    speechSpans: silent ? [] : [span],
    gaps: silent
      ? [{ start: 0, end: frames / fps }]
      : [
          { start: 0, end: span.start },
          { start: span.end, end: frames / fps },
        ].filter((g) => g.end > g.start),
  };
}
