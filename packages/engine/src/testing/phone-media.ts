// Phone footage stand-ins (issue 34): the talking video (flite speech, exact pauses) as phones and
// cameras write it: variable frame rate with real jitter, a 90° display matrix, HEVC, the broadcast
// rates, drop-frame timecode, mono sound, all with 48 kHz AAC. Each also flashes its picture white
// and clicks its sound at the same instants inside the sentences, so a render's sync is measured
// from content (drift-measure.ts), where the edit keeps it.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { assembleSpeech, speakSentence } from './test-media.ts';
import type { TimedSentence } from './test-media.ts';
import { encodeWav } from './wav.ts';
import type { Pcm } from './wav.ts';

export const PHONE_KINDS = [
  'vfr',
  'rotated-90',
  'hevc',
  '23.976',
  '25',
  '29.97-df',
  '59.94',
  'mono',
  'iphone',
] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

type Recipe = {
  /** The nominal rate as ffmpeg reads it exactly. */
  rate: string;
  codec: 'h264' | 'hevc';
  channels: 1 | 2;
  /** Frame times jittered by up to this share of a frame either way (variable frame rate). */
  jitter?: number;
  /** One frame in this many dropped (its picture shown twice as long), as phones drop them. */
  dropEvery?: number;
  /** The container's clock, in ticks a second (a variable rate's times land on its ticks). */
  clock?: number;
  /** A display matrix that turns the stored picture this many degrees for display. */
  rotation?: 90;
  /** A start timecode, written as the source's tmcd track. */
  timecode?: string;
  description: string;
};

// NOTE: iPhones record at 30 nominally, many Android phones at 29.97; the frame times of either
// wander around the nominal rate.
const RECIPES: Record<PhoneKind, Recipe> = {
  vfr: {
    rate: '30000/1001',
    codec: 'h264',
    channels: 2,
    jitter: 0.35,
    description: 'variable frame rate, frame times jittered ±35% around 29.97',
  },
  'rotated-90': {
    rate: '30',
    codec: 'h264',
    channels: 2,
    rotation: 90,
    description: 'stored 320x180, shown 180x320 by a 90° display matrix',
  },
  hevc: {
    rate: '30000/1001',
    codec: 'hevc',
    channels: 2,
    description: 'HEVC (hvc1) at 29.97',
  },
  '23.976': { rate: '24000/1001', codec: 'h264', channels: 2, description: '24000/1001 fps' },
  '25': { rate: '25', codec: 'h264', channels: 2, description: '25 fps' },
  '29.97-df': {
    rate: '30000/1001',
    codec: 'h264',
    channels: 2,
    // NOTE: starts two seconds before a minute whose first two frame labels are dropped.
    timecode: '00:00:58;00',
    description: '30000/1001 fps with a drop-frame timecode track',
  },
  '59.94': { rate: '60000/1001', codec: 'h264', channels: 2, description: '60000/1001 fps' },
  mono: { rate: '30', codec: 'h264', channels: 1, description: 'one 48 kHz sound channel' },
  // NOTE: an iPhone's clock is 600 ticks a second: 20 a frame at 30, jittered a tick either way.
  // Its average stays within 1% of r_frame_rate (30/1), so only the frame times tell its rate varies.
  iphone: {
    rate: '30',
    codec: 'hevc',
    channels: 2,
    jitter: 0.03,
    dropEvery: 97,
    clock: 600,
    rotation: 90,
    description: 'as an iPhone held upright writes: HEVC, turned 90°, 30 with a dropped frame',
  },
};

export type PhoneSource = {
  kind: PhoneKind;
  description: string;
  path: string;
  durationS: number;
  /** The nominal rate: ffmpeg's rational and its value. */
  rate: string;
  fps: number;
  /** The picture as shown (after the display matrix). */
  display: { width: number; height: number };
  rotation: number;
  codec: 'h264' | 'hevc';
  channels: 1 | 2;
  timecode?: string;
  jitter?: number;
  dropEvery?: number;
  sentences: TimedSentence[];
  /** Where a flash starts and a click sounds together, on the file's timeline (all in speech). */
  marks: number[];
};

const SENTENCES = [
  'Welcome to this short video about editing.',
  'Thank you for watching and see you next time.',
];
const SPEECH_RATE = 16_000;
/** Speech peaks this loud, so the clicks above it are found by level alone (drift-measure.ts). */
const SPEECH_PEAK = 5000;
const CLICK_S = 0.01;
const CLICK_LEVEL = 0.8 * 32767;
const FLASH_S = 0.1;
/** Marks sit this far inside each sentence, and at least MARK_GAP_S apart. */
const MARK_INSET_S = 0.4;
const MARK_GAP_S = 1;
const WIDTH = 320;
const HEIGHT = 180;

const ratio = (rate: string): number => {
  const [num, den] = rate.split('/').map(Number);
  return (num ?? 0) / (den ?? 1);
};

/** Mark frames: one near each sentence's start and one near its end, whole frames of `fps`. */
function markFrames(sentences: readonly TimedSentence[], fps: number): number[] {
  const frames: number[] = [];
  for (const s of sentences) {
    const first = Math.round((s.start + MARK_INSET_S) * fps);
    const last = Math.round((s.end - MARK_INSET_S) * fps);
    frames.push(first);
    if ((last - first) / fps >= MARK_GAP_S) frames.push(last);
  }
  return frames;
}

/** The speech made quieter than a click, with a 1 kHz click at each mark. */
function withClicks(speech: Pcm, marks: readonly number[]): Pcm {
  let peak = 1;
  for (const v of speech.samples) peak = Math.max(peak, Math.abs(v));
  const gain = Math.min(1, SPEECH_PEAK / peak);
  const samples = speech.samples.map((v) => Math.round(v * gain));
  const sr = speech.sampleRate;
  for (const mark of marks) {
    const at = Math.round(mark * sr);
    for (let i = 0; i < CLICK_S * sr && at + i < samples.length; i++) {
      samples[at + i] = Math.round(CLICK_LEVEL * Math.sin((2 * Math.PI * 1000 * i) / sr));
    }
  }
  return { sampleRate: sr, samples };
}

/** The picture graph: a dimmed moving test picture, white for FLASH_S from each mark frame. */
function pictureGraph(recipe: Recipe, frames: number, marks: readonly number[], seed: number) {
  const fps = ratio(recipe.rate);
  const lit = Math.max(1, Math.round(FLASH_S * fps));
  const flash = marks.map((n) => `between(n\\,${n}\\,${n + lit - 1})`).join('+');
  // NOTE: a rotated source is drawn upright (a white bar on top) and stored turned clockwise, as
  // a phone held upright stores it: the display matrix turns it back.
  const [w, h] = recipe.rotation ? [HEIGHT, WIDTH] : [WIDTH, HEIGHT];
  const filters = [
    `testsrc2=size=${w}x${h}:rate=${recipe.rate}:duration=${((frames - 0.5) / fps).toFixed(6)}`,
    'lutyuv=y=val*0.4',
    `drawbox=color=white:thickness=fill:enable='${flash}'`,
  ];
  if (recipe.rotation) {
    filters.push(`drawbox=x=0:y=0:w=iw:h=ih/10:color=white:thickness=fill`, 'transpose=clock');
  }
  if (recipe.jitter) {
    // NOTE: each frame moves by a seeded random share of a frame (ffmpeg's random() keeps its
    // state in variable 0, set from the seed on the first frame); the mark frames stay where
    // they are, so each flash starts exactly with its click. A dropped frame leaves the one
    // before it shown for two.
    const keep = marks.map((n) => `eq(n\\,${n})`).join('+');
    if (recipe.dropEvery) {
      filters.push(
        `select='not(eq(mod(n\\,${recipe.dropEvery})\\,${recipe.dropEvery >> 1}))+${keep}'`,
      );
    }
    const onMark = marks.map((n) => `lt(abs(T*FRAME_RATE-${n})\\,0.01)`).join('+');
    const jitter = `${recipe.jitter}*(2*random(0)-1)/FRAME_RATE/TB`;
    filters.push(
      `settb=1/${recipe.clock ?? 90_000}`,
      `setpts='PTS+if(eq(N\\,0)\\,st(0\\,${seed})*0\\,if(${onMark}\\,0\\,${jitter}))'`,
    );
  }
  return filters.join(',');
}

/** Frame times kept as the graph made them, on a container clock of `clock` ticks a second. */
const vfrArgs = (clock: number): string[] => [
  ...['-fps_mode', 'vfr', '-enc_time_base', `1/${clock}`],
  ...['-video_track_timescale', String(clock)],
];

const codecArgs = (recipe: Recipe, fps: number): string[] => [
  ...(recipe.codec === 'hevc'
    ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error']
    : ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28']),
  // NOTE: a keyframe every 2 s, as phones write, so smart cut has GOPs to copy.
  ...['-g', String(Math.round(fps * 2)), '-pix_fmt', 'yuv420p'],
  ...(recipe.codec === 'hevc' ? ['-tag:v', 'hvc1'] : []),
];

export type PhoneOptions = {
  dir: string;
  /** Seeds the frame-time jitter of the VFR kind (the same seed, the same frame times). */
  seed?: number;
};

/** One kind of phone footage with its true marks. About a second of work at 320x180. */
export async function makePhoneSource(
  kind: PhoneKind,
  options: PhoneOptions,
): Promise<PhoneSource> {
  const recipe = RECIPES[kind];
  const fps = ratio(recipe.rate);
  await mkdir(options.dir, { recursive: true });
  const clips = await Promise.all(
    SENTENCES.map(async (text) => ({ text, pcm: await speakSentence(text, options.dir) })),
  );
  const track = assembleSpeech(clips, { silenceS: 1.1, leadInS: 0.6, tailS: 0.6, fps });
  if (track.pcm.sampleRate !== SPEECH_RATE) throw new Error('speech is not 16 kHz');
  const frames = markFrames(track.sentences, fps);
  const marks = frames.map((n) => Math.round((n / fps) * 1e6) / 1e6);
  const stem = path.join(options.dir, `phone-${kind.replace(/\./g, '_')}`);
  const wav = `${stem}.wav`;
  const out = `${stem}.mp4`;
  const plain = `${stem}.plain.mp4`;
  await writeFile(wav, encodeWav(withClicks(track.pcm, marks)));
  try {
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', pictureGraph(recipe, track.frames, frames, options.seed ?? 34)],
      ...['-i', wav, '-map', '0:v:0', '-map', '1:a:0'],
      ...(recipe.jitter ? vfrArgs(recipe.clock ?? 90_000) : []),
      ...codecArgs(recipe, fps),
      ...['-c:a', 'aac', '-b:a', '96k', '-ar', '48000', '-ac', String(recipe.channels)],
      ...(recipe.timecode ? ['-timecode', recipe.timecode] : []),
      ...['-movflags', '+faststart', recipe.rotation ? plain : out],
    ]);
    if (recipe.rotation) {
      // NOTE: ffmpeg 5.1 has no -display_rotation; its mov muxer writes the `rotate` tag as the
      // display matrix on a stream copy (ffprobe then reports the side data's rotation).
      await runFfmpeg([
        ...['-i', plain, '-map', '0', '-c', 'copy'],
        ...(recipe.clock ? ['-video_track_timescale', String(recipe.clock)] : []),
        ...[
          '-metadata:s:v:0',
          `rotate=${recipe.rotation}`,
          '-movflags',
          '+faststart',
          `${out}.tmp.mp4`,
        ],
      ]);
      await rename(`${out}.tmp.mp4`, out);
    }
  } finally {
    await rm(wav, { force: true });
    await rm(plain, { force: true });
  }
  const quarterTurn = recipe.rotation === 90;
  return {
    kind,
    description: recipe.description,
    path: out,
    durationS: track.durationS,
    rate: recipe.rate,
    fps,
    display: quarterTurn ? { width: HEIGHT, height: WIDTH } : { width: WIDTH, height: HEIGHT },
    rotation: recipe.rotation ?? 0,
    codec: recipe.codec,
    channels: recipe.channels,
    ...(recipe.timecode ? { timecode: recipe.timecode } : {}),
    ...(recipe.jitter ? { jitter: recipe.jitter } : {}),
    ...(recipe.dropEvery ? { dropEvery: recipe.dropEvery } : {}),
    sentences: track.sentences,
    marks,
  };
}
