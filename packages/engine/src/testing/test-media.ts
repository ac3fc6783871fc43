// Test media made at test time: flite speaks known sentences, exact silences go between them, ffmpeg
// lavfi draws a moving picture. The result carries its own ground truth (speech spans and gaps),
// exact to the audio sample, for transcription, gap and render tests in every workspace.
import { execFile } from 'node:child_process';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { encodeWav, findSoundRange, parseWav } from './wav.ts';
import type { Pcm } from './wav.ts';

export * from './bad-media.ts';
export * from './timeline-readback.ts';
export * from './face-media.ts';

const execFileAsync = promisify(execFile);

export type TimedSentence = { text: string; start: number; end: number };
export type TimeSpan = { start: number; end: number };

export type TalkingVideo = {
  path: string;
  durationS: number;
  sentences: TimedSentence[];
  speechSpans: TimeSpan[];
  /** Every silence, including the lead-in before the first and the tail after the last sentence. */
  gaps: TimeSpan[];
};

export type TalkingVideoOptions = {
  dir: string;
  sentences?: string[];
  /** Silence between sentences: one length for all, or one per gap (cycled if shorter). */
  silenceS?: number | number[];
  leadInS?: number;
  tailS?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** A flite voice (`flite -lv`); default slt. */
  voice?: string;
  videoCodec?: 'h264' | 'hevc';
  /** File name without extension; default `talking`. */
  name?: string;
};

export const DEFAULT_SENTENCES = [
  'Welcome to this short video about editing.',
  'Today I will show you how rough cuts save hours of work.',
  'First we remove the silent gaps between the phrases.',
  'Then we find the most engaging moments for short clips.',
  'Thank you for watching and see you next time.',
];

const SAMPLE_RATE = 16_000;
const round4 = (s: number) => Math.round(s * 10_000) / 10_000;

export type SpeakOptions = {
  /** flite's duration_stretch: above 1 speaks slower, below 1 faster. */
  stretch?: number;
};

/**
 * Speaks `text` with flite and trims flite's own leading and trailing silence. Voices that speak
 * at 8 kHz (kal) are resampled to 16 kHz by ffmpeg.
 */
export async function speakSentence(
  text: string,
  workDir: string,
  voice = 'slt',
  options: SpeakOptions = {},
): Promise<Pcm> {
  const stem = path.join(workDir, `flite-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const file = `${stem}.wav`;
  const resampled = `${stem}-16k.wav`;
  const stretch =
    options.stretch === undefined ? [] : ['--setf', `duration_stretch=${options.stretch}`];
  // NOTE: the text is one argv element; no shell ever sees it.
  await execFileAsync('flite', ['-voice', voice, ...stretch, '-t', text, '-o', file]);
  try {
    let pcm = parseWav(await readFile(file));
    if (pcm.sampleRate !== SAMPLE_RATE) {
      await runFfmpeg(['-i', file, '-ar', String(SAMPLE_RATE), '-c:a', 'pcm_s16le', resampled]);
      pcm = parseWav(await readFile(resampled));
    }
    if (pcm.sampleRate !== SAMPLE_RATE) throw new Error(`flite wrote ${pcm.sampleRate} Hz audio`);
    const range = findSoundRange(pcm.samples);
    if (!range) throw new Error(`flite produced no sound for: ${text}`);
    return { sampleRate: pcm.sampleRate, samples: pcm.samples.slice(range.first, range.last + 1) };
  } finally {
    await rm(file, { force: true });
    await rm(resampled, { force: true });
  }
}

export type SpeechTrack = {
  pcm: Pcm;
  durationS: number;
  frames: number;
  sentences: TimedSentence[];
  gaps: TimeSpan[];
};

/**
 * Lays spoken clips on one timeline with exact silences. The total is padded to a whole number of
 * video frames so picture and sound end together.
 */
export function assembleSpeech(
  clips: { text: string; pcm: Pcm }[],
  options: { silenceS: number | number[]; leadInS: number; tailS: number; fps: number },
): SpeechTrack {
  const silences = Array.isArray(options.silenceS) ? options.silenceS : [options.silenceS];
  const silenceAt = (i: number) => silences[i % Math.max(1, silences.length)] ?? 0;
  const sr = SAMPLE_RATE;
  let cursor = Math.round(options.leadInS * sr);
  const placed: { at: number; pcm: Pcm }[] = [];
  const sentences: TimedSentence[] = [];
  clips.forEach((clip, i) => {
    if (i > 0) cursor += Math.round(silenceAt(i - 1) * sr);
    placed.push({ at: cursor, pcm: clip.pcm });
    const end = cursor + clip.pcm.samples.length;
    sentences.push({ text: clip.text, start: round4(cursor / sr), end: round4(end / sr) });
    cursor = end;
  });
  const rawS = (cursor + Math.round(options.tailS * sr)) / sr;
  const frames = Math.ceil(rawS * options.fps - 1e-9);
  const durationS = frames / options.fps;
  const samples = new Int16Array(Math.round(durationS * sr));
  for (const { at, pcm } of placed) samples.set(pcm.samples, at);

  const gaps: TimeSpan[] = [];
  let previousEnd = 0;
  for (const s of sentences) {
    if (s.start > previousEnd) gaps.push({ start: previousEnd, end: s.start });
    previousEnd = s.end;
  }
  if (durationS > previousEnd) gaps.push({ start: previousEnd, end: round4(durationS) });
  return { pcm: { sampleRate: sr, samples }, durationS, frames, sentences, gaps };
}

const videoCodecArgs = (codec: 'h264' | 'hevc', fps: number): string[] =>
  codec === 'hevc'
    ? [
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error',
        '-tag:v',
        'hvc1',
      ]
    : ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-g', String(Math.round(fps * 2))];

/** Muxes a lavfi test picture with a WAV into an H.264 (or HEVC)/AAC mp4 with faststart. */
export async function muxPictureWithSound(o: {
  wav: string;
  output: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  codec: 'h264' | 'hevc';
}): Promise<void> {
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    // NOTE: the picture's length is set at the source, not with -frames:v, which made ffmpeg 5.1
    // close the output before the last AAC frames were written. Half a frame short of the end
    // yields exactly `frames` frames.
    `testsrc2=size=${o.width}x${o.height}:rate=${o.fps}:duration=${((o.frames - 0.5) / o.fps).toFixed(6)}`,
    '-i',
    o.wav,
    '-map',
    '0:v:0',
    '-map',
    '1:a:0',
    ...videoCodecArgs(o.codec, o.fps),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ar',
    '48000',
    '-movflags',
    '+faststart',
    o.output,
  ]);
}

/** A talking-head stand-in with exact ground truth. About 2 s of work per 20 s of 720p video. */
export async function makeTalkingVideo(options: TalkingVideoOptions): Promise<TalkingVideo> {
  const fps = options.fps ?? 25;
  const width = options.width ?? 1280;
  const height = options.height ?? 720;
  const name = options.name ?? 'talking';
  await mkdir(options.dir, { recursive: true });
  const texts = options.sentences ?? DEFAULT_SENTENCES;
  const clips = await Promise.all(
    texts.map(async (text) => ({
      text,
      pcm: await speakSentence(text, options.dir, options.voice),
    })),
  );
  const track = assembleSpeech(clips, {
    silenceS: options.silenceS ?? 1.2,
    leadInS: options.leadInS ?? 0.5,
    tailS: options.tailS ?? 0.8,
    fps,
  });
  const wav = path.join(options.dir, `${name}.wav`);
  const output = path.join(options.dir, `${name}.mp4`);
  await writeFile(wav, encodeWav(track.pcm));
  try {
    await muxPictureWithSound({
      wav,
      output,
      width,
      height,
      fps,
      frames: track.frames,
      codec: options.videoCodec ?? 'h264',
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
  };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const LONG_SILENCES = [1.2, 0.6, 2.0, 0.25, 1.5, 0.9, 3.0];
const PICTURE_LOOP_S = 10;

/**
 * A long 1080p30 talking video for the bench: a handful of sentences looped with varied silences to
 * `minutes`. The picture is one 10 s encoded loop joined by stream copy, so it costs seconds, not
 * minutes. Cached by parameters in `dir` (file plus `.json` ground truth).
 */
export async function makeLongTalkingVideo(options: {
  dir: string;
  minutes: number;
  width?: number;
  height?: number;
  fps?: number;
}): Promise<TalkingVideo> {
  const width = options.width ?? 1920;
  const height = options.height ?? 1080;
  const fps = options.fps ?? 30;
  const stem = `long-${options.minutes}m-${width}x${height}-${fps}fps`;
  const output = path.join(options.dir, `${stem}.mp4`);
  const truthFile = path.join(options.dir, `${stem}.json`);
  if ((await exists(output)) && (await exists(truthFile))) {
    return JSON.parse(await readFile(truthFile, 'utf8')) as TalkingVideo;
  }
  await mkdir(options.dir, { recursive: true });
  const pool = await Promise.all(
    DEFAULT_SENTENCES.map(async (text) => ({ text, pcm: await speakSentence(text, options.dir) })),
  );
  const targetS = options.minutes * 60;
  const clips: { text: string; pcm: Pcm }[] = [];
  let usedS = 0.5;
  for (let i = 0; ; i++) {
    const next = pool[i % pool.length];
    if (!next) break;
    const add =
      next.pcm.samples.length / SAMPLE_RATE + (LONG_SILENCES[i % LONG_SILENCES.length] ?? 1);
    if (usedS + add > targetS - 0.5) break;
    clips.push(next);
    usedS += add;
  }
  const track = assembleSpeech(clips, { silenceS: LONG_SILENCES, leadInS: 0.5, tailS: 0, fps });
  // Pad the tail so the file is exactly `minutes` long.
  const fullSamples = new Int16Array(Math.round(targetS * SAMPLE_RATE));
  fullSamples.set(track.pcm.samples.subarray(0, fullSamples.length));
  const lastEnd = track.sentences.at(-1)?.end ?? 0;
  const gaps = track.gaps.filter((g) => g.end <= lastEnd);
  if (targetS > lastEnd) gaps.push({ start: lastEnd, end: targetS });

  const work = path.join(options.dir, `${stem}.parts`);
  await mkdir(work, { recursive: true });
  try {
    const wav = path.join(work, 'speech.wav');
    const loop = path.join(work, 'loop.mp4');
    const list = path.join(work, 'list.txt');
    await writeFile(wav, encodeWav({ sampleRate: SAMPLE_RATE, samples: fullSamples }));
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=${fps}`,
      '-frames:v',
      String(PICTURE_LOOP_S * fps),
      ...videoCodecArgs('h264', fps),
      '-pix_fmt',
      'yuv420p',
      loop,
    ]);
    const copies = Math.ceil(targetS / PICTURE_LOOP_S);
    await writeFile(list, `${"file 'loop.mp4'\n".repeat(copies)}`);
    const partial = path.join(work, 'out.mp4');
    await runFfmpeg([
      ...['-f', 'concat', '-safe', '0', '-i', list, '-i', wav],
      ...['-map', '0:v:0', '-map', '1:a:0', '-t', String(targetS), '-c:v', 'copy'],
      ...['-c:a', 'aac', '-b:a', '96k', '-ar', '48000', '-movflags', '+faststart', partial],
    ]);
    await rename(partial, output);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const result: TalkingVideo = {
    path: output,
    durationS: targetS,
    sentences: track.sentences,
    speechSpans: track.sentences.map(({ start, end }) => ({ start, end })),
    gaps,
  };
  await writeFile(truthFile, JSON.stringify(result));
  return result;
}
