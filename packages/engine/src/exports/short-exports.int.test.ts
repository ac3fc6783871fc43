// Issue 34: a short exports as the short the user approved. A talking face walks across a 16:9
// source; the short follows it (the clip's stored follow plan) with word-by-word captions. Roughcut
// renders the short; melt (the MLT framework behind Shotcut and Kdenlive) renders the exported MLT
// project and the Kdenlive project. Each has the app's size and length, the face in the same place
// within 2% of the width at 5 timestamps, and the captions in the style's colour on the same frames.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { FramingPlan } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfprobe, runMelt } from '../media/ffmpeg-runner.ts';
import { probeMedia } from '../media/probe.ts';
import { createFaceDetector } from '../reframe/face-detector.ts';
import type { FaceDetector } from '../reframe/face-detector.ts';
import { renderShortClip } from '../render/short-clip.ts';
import { subtitleFontsDir } from '../subtitles/fonts-dir.ts';
import {
  FACE_VIDEO_FPS,
  FACE_VIDEO_WIDTH,
  makeFaceVideo,
  oneSpeakerScene,
} from '../testing/face-media.ts';
import type { ProbeResult } from '../types.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput, Timeline } from './export-timeline.ts';

const run = promisify(execFile);
// NOTE: still, a slow walk to the right, still: the crop moves, then holds.
const PATH = [
  { t: 0, x: 330 },
  { t: 1.5, x: 330 },
  { t: 5.5, x: 950 },
  { t: 8, x: 950 },
];
const SCENE = oneSpeakerScene('short-export', 8, PATH);
const KEEP = [
  { start: 0.2, end: 3.0 },
  { start: 3.6, end: 7.6 },
];
/** The plan the framing job stores for this clip: the crop's centre along the face's path. */
const FOLLOW: FramingPlan = {
  mode: 'follow',
  path: PATH.map((p) => ({ t: p.t, cx: p.x / FACE_VIDEO_WIDTH })),
};
const STYLE = { ...DEFAULT_DRAW_SETTINGS, one_word_at_a_time: true, word_highlight: true };
const SENTENCES = [
  { start: 0.5, texts: ['This', 'is', 'the', 'short'] },
  { start: 4.0, texts: ['and', 'its', 'captions'] },
];
const PHRASES = SENTENCES.map(({ start, texts }) => ({
  start,
  end: start + texts.length * 0.4,
  phrase: texts.join(' '),
  words: texts.map((text, i) => ({ text, start: start + i * 0.4, end: start + (i + 1) * 0.4 })),
}));
const SAMPLE = { width: 270, height: 480 };

let dir = '';
let probe: ProbeResult;
let input: ExportInput;
let timeline: Timeline;
let rendered = '';
/** melt's render of each exported project: Shotcut's MLT and the Kdenlive project. */
const melted: Record<'mlt' | 'kdenlive', string> = { mlt: '', kdenlive: '' };
let detector: FaceDetector;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-short-export-'));
  const source = join(dir, 'face.mp4');
  await makeFaceVideo(SCENE, source);
  probe = await probeMedia(source, { keyframes: true });
  input = {
    title: 'The short',
    fileName: 'face.mp4',
    probe,
    keep: KEEP,
    phrases: PHRASES,
    short: { frame: { width: 1080, height: 1920 }, framing: FOLLOW, style: STYLE },
  };
  timeline = buildTimeline(input);
  rendered = join(dir, 'rendered.mp4');
  await renderShortClip(source, {
    outPath: rendered,
    keep: KEEP,
    probe,
    subtitles: { segments: PHRASES, settings: STYLE },
    fontsDir: await subtitleFontsDir(dir),
    reframe: FOLLOW,
  });
  for (const format of ['mlt', 'kdenlive'] as const) {
    const project = join(dir, `short.${format}`);
    await writeFile(project, writeExport(format, input));
    melted[format] = join(dir, `melted-${format}.mp4`);
    // NOTE: run from another folder: the project finds its source beside itself, by file name.
    await runMelt(
      [project, '-consumer', `avformat:${melted[format]}`].concat([
        'vcodec=libx264',
        'preset=ultrafast',
        'crf=16',
        'acodec=aac',
        'real_time=0',
      ]),
      {
        cwd: tmpdir(),
        env: { ...process.env, HOME: dir },
        work: { mediaS: 8, pixels: 1080 * 1920 },
      },
    );
  }
  detector = await createFaceDetector();
}, 600_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function videoStream(
  path: string,
): Promise<{ width: number; height: number; frames: number }> {
  const [width, height, frames] = (
    await runFfprobe([
      ...['-select_streams', 'v:0', '-count_packets'],
      ...['-show_entries', 'stream=width,height,nb_read_packets', '-of', 'csv=p=0', path],
    ])
  )
    .trim()
    .split(',')
    .map(Number);
  return { width: width!, height: height!, frames: frames! };
}

/** Frame `n` of a video, shrunk to SAMPLE, as RGB. */
async function frameAt(path: string, n: number, size = SAMPLE): Promise<Uint8Array> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', path, '-map', '0:v:0'],
      ...['-vf', `select=eq(n\\,${n}),scale=${size.width}:${size.height}:flags=area`],
      ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(stdout.length, `frame ${n} of ${path}`).toBe(size.width * size.height * 3);
  return new Uint8Array(stdout);
}

/** The face's centre across the frame (a share of its width), or null when none is found. */
async function faceAt(path: string, n: number): Promise<number | null> {
  const rgb = await frameAt(path, n);
  const faces = await detector.detect({ timeS: n / FACE_VIDEO_FPS, ...SAMPLE, rgb });
  const best = faces.sort((a, b) => b.score - a.score)[0];
  return best ? best.cx / SAMPLE.width : null;
}

/** The share of the caption band's pixels in the style's highlight colour (#ffd600). */
async function litShare(path: string, n: number): Promise<number> {
  const size = { width: 540, height: 960 };
  const rgb = await frameAt(path, n, size);
  // NOTE: the band the default style's lines sit in (400 px above the bottom at 1920).
  const [from, to] = [Math.round(size.height * 0.7), Math.round(size.height * 0.82)];
  let lit = 0;
  for (let y = from; y < to; y++) {
    for (let x = 0; x < size.width; x++) {
      const i = (y * size.width + x) * 3;
      if (rgb[i]! > 190 && rgb[i + 1]! > 150 && rgb[i + 1]! < 250 && rgb[i + 2]! < 90) lit++;
    }
  }
  return lit / ((to - from) * size.width);
}

describe.each(['mlt', 'kdenlive'] as const)(
  'a Follow speaker short with word-by-word captions, exported to %s',
  (format) => {
    it('melt renders it at the same size and length as the app', async () => {
      const ours = await videoStream(rendered);
      const theirs = await videoStream(melted[format]);
      expect(ours).toMatchObject({ width: 1080, height: 1920 });
      expect(theirs).toEqual(ours);
      expect(theirs.frames).toBe(timeline.frames);
    });

    it('shows the face in the same place within 2% of the width at 5 timestamps', async () => {
      // Before the walk, during it on both sides of the cut, and after it.
      const frames = [10, 50, 80, 120, timeline.frames - 8];
      const places: [number, number][] = [];
      for (const n of frames) {
        const [ours, theirs] = [await faceAt(rendered, n), await faceAt(melted[format], n)];
        expect(ours, `the app's frame ${n} shows the face`).not.toBeNull();
        expect(theirs, `melt's frame ${n} shows the face`).not.toBeNull();
        expect(Math.abs(ours! - theirs!), `frame ${n}: ${ours} vs ${theirs}`).toBeLessThanOrEqual(
          0.02,
        );
        places.push([ours!, theirs!]);
      }
      // The follow crop keeps the walking face near the middle of the frame.
      for (const [ours] of places) expect(Math.abs(ours - 0.5)).toBeLessThan(0.2);
    });

    it('draws each word in the highlight colour on its frames, and no caption between them', async () => {
      const [first, , third] = timeline.captions;
      expect(timeline.captions.map((c) => c.text)).toEqual(SENTENCES.flatMap((s) => s.texts));
      for (const caption of [first!, third!]) {
        const middle = Math.floor((caption.recordIn + caption.recordOut) / 2);
        expect(await litShare(rendered, middle), `the app, "${caption.text}"`).toBeGreaterThan(
          0.003,
        );
        expect(await litShare(melted[format], middle), `melt, "${caption.text}"`).toBeGreaterThan(
          0.003,
        );
      }
      // Between the two sentences nothing is said, so nothing is drawn.
      const gap = timeline.captions[SENTENCES[0]!.texts.length - 1]!.recordOut + 5;
      expect(await litShare(rendered, gap)).toBeLessThan(0.0005);
      expect(await litShare(melted[format], gap)).toBeLessThan(0.0005);
    });
  },
);
