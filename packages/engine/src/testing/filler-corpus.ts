// Generated speech with fillers at known times, for the filler test and bench: each sentence is
// spoken by flite in pieces, the fillers ("um", "uh", "erm", "ah") drawn out as people hold them,
// with short pauses (under the 0.3 s gap rule) around them. The truth is exact: a filler is its
// piece's samples, and every real word's time comes from flite's own phone times.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fliteWordTimes } from './flite-word-times.ts';
import type { TrueWord } from './flite-word-times.ts';
import { assembleSpeech, muxPictureWithSound, speakSentence } from './test-media.ts';
import { encodeWav } from './wav.ts';
import type { Pcm } from './wav.ts';

export type FillerCase = {
  name: string;
  voice: string;
  /**
   * Sentences with their fillers as pieces of their own: 'So, | um | the first thing'. A piece
   * ending in `~` is a real word held as long as a filler ('Tell | her~ | the news').
   */
  sentences: string[];
  /**
   * flite duration_stretch for the fillers (and held words): a held "uhhh" is two to three times
   * a spoken one.
   */
  fillerStretch: number;
  /** Pause either side of a filler (seconds, under the gap rule so it is not a silence). */
  innerPauseS: number;
  /** Pause between sentences (seconds, a silence the gaps cut). */
  sentencePauseS: number;
};

const FILLER_PIECE = /^(um|uh|erm|ah)$/i;
/** A real word drawn out as long as a filler, to check no held word is taken for one. */
const HELD_MARK = /~$/;

const SENTENCES = [
  'So, | um | the first thing to know is that | uh | silence costs you viewers.',
  'Five seconds of nothing is | um | enough to lose them.',
  'Perhaps you have | uh | noticed this in your own videos.',
  'Think about | erm | the last clip you watched to the end.',
  'Keep every word | uh | and cut only the | um | quiet parts.',
  'That is | ah | what a careful editor does by hand.',
];

export const FILLER_CORPUS: FillerCase[] = [
  {
    name: 'slt-fillers',
    voice: 'slt',
    sentences: SENTENCES,
    fillerStretch: 1.8,
    innerPauseS: 0.15,
    sentencePauseS: 1,
  },
  {
    name: 'kal-fillers',
    voice: 'kal',
    sentences: SENTENCES,
    fillerStretch: 2.2,
    innerPauseS: 0.12,
    sentencePauseS: 0.9,
  },
  {
    name: 'awb-fillers',
    voice: 'awb',
    sentences: SENTENCES,
    fillerStretch: 2,
    innerPauseS: 0.2,
    sentencePauseS: 1.2,
  },
];

/** How far under a filler's loudest 10 ms its sound still counts as heard (flite's "m" fades). */
const HEARD_DROP_DB = 30;

/** The part of a piece one hears: from the first to the last 10 ms within 30 dB of its peak. */
function heardSpan(pcm: Pcm, start: number): { start: number; end: number } {
  const frame = Math.round(pcm.sampleRate / 100);
  const levels: number[] = [];
  for (let at = 0; at < pcm.samples.length; at += frame) {
    let sum = 0;
    const part = pcm.samples.subarray(at, at + frame);
    for (const v of part) sum += v * v;
    levels.push(10 * Math.log10(sum / Math.max(1, part.length) + 1e-9));
  }
  const peak = Math.max(...levels);
  const first = levels.findIndex((db) => db >= peak - HEARD_DROP_DB);
  const last = levels.findLastIndex((db) => db >= peak - HEARD_DROP_DB);
  return {
    start: start + first / 100,
    end: start + Math.min(pcm.samples.length / frame, last + 1) / 100,
  };
}

export type FillerVideo = {
  path: string;
  durationS: number;
  /** Where each filler sounds (its heard part: flite fades some out 50 dB down). */
  fillers: TrueWord[];
  /** Every other word, with its time in the video. */
  words: TrueWord[];
};

/** One case as an mp4 (320x240, 25 fps) with its truth. */
export async function makeFillerVideo(c: FillerCase, dir: string): Promise<FillerVideo> {
  await mkdir(dir, { recursive: true });
  const clips: { text: string; pcm: Awaited<ReturnType<typeof speakSentence>> }[] = [];
  const held = new Set<number>();
  const pauses: number[] = [];
  for (const sentence of c.sentences) {
    const pieces = sentence.split('|').map((p) => p.trim());
    for (const [i, piece] of pieces.entries()) {
      const text = piece.replace(HELD_MARK, '');
      const stretched = FILLER_PIECE.test(text) || HELD_MARK.test(piece);
      const pcm = await speakSentence(
        text,
        dir,
        c.voice,
        stretched ? { stretch: c.fillerStretch } : {},
      );
      if (HELD_MARK.test(piece)) held.add(clips.length);
      clips.push({ text, pcm });
      pauses.push(i === pieces.length - 1 ? c.sentencePauseS : c.innerPauseS);
    }
  }
  const fps = 25;
  const track = assembleSpeech(clips, { silenceS: pauses, leadInS: 1, tailS: 1, fps });
  const wav = path.join(dir, `${c.name}.wav`);
  const output = path.join(dir, `${c.name}.mp4`);
  await writeFile(wav, encodeWav(track.pcm));
  try {
    await muxPictureWithSound({
      wav,
      output,
      width: 320,
      height: 240,
      fps,
      frames: track.frames,
      codec: 'h264',
    });
  } finally {
    await rm(wav, { force: true });
  }
  const fillers = track.sentences.flatMap((s, i) =>
    FILLER_PIECE.test(s.text) ? [{ text: s.text, ...heardSpan(clips[i]!.pcm, s.start) }] : [],
  );
  const spoken = track.sentences.flatMap((s, i) =>
    FILLER_PIECE.test(s.text) ? [] : [{ ...s, held: held.has(i) }],
  );
  const words = await Promise.all(
    spoken.map(async (piece) =>
      (
        await fliteWordTimes(piece.text, dir, c.voice, piece.held ? c.fillerStretch : undefined)
      ).map((w) => ({
        text: w.text,
        start: piece.start + w.start,
        end: piece.start + w.end,
      })),
    ),
  );
  return { path: output, durationS: track.durationS, fillers, words: words.flat() };
}
