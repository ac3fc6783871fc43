// A split short's tracks composited as Shotcut and Kdenlive composite them: two people far apart,
// one above the other in the 1080x1920 frame, with captions over the lower one. Roughcut renders
// the short; melt (with MLT's Qt module, which blends the tracks: runMelt makes sure it loads)
// renders its MLT and Kdenlive projects. Outside the caption band each half is the app's picture,
// so neither half is lost and no caption clip hides the picture; the caption is drawn on its frames.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { FramingPlan } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMelt } from '../media/ffmpeg-runner.ts';
import { probeMedia } from '../media/probe.ts';
import { renderShortClip } from '../render/short-clip.ts';
import { subtitleFontsDir } from '../subtitles/fonts-dir.ts';
import { FACE_VIDEO_WIDTH, TWO_SCENE, makeFaceVideo } from '../testing/face-media.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput, Timeline } from './export-timeline.ts';

const run = promisify(execFile);
/** Each person's place: their face's centre across the source, half way down. */
const placeOf = (face: (typeof TWO_SCENE.faces)[number]) => ({
  cx: face.path[0]!.x / FACE_VIDEO_WIDTH,
  cy: 0.5,
});
const SPLIT: FramingPlan = {
  mode: 'split',
  places: [placeOf(TWO_SCENE.faces[0]!), placeOf(TWO_SCENE.faces[1]!)],
};
const KEEP = [
  { start: 0.2, end: 2.8 },
  { start: 3.2, end: 5.8 },
];
const words = (start: number, texts: string[]) =>
  texts.map((text, i) => ({ text, start: start + i * 0.4, end: start + (i + 1) * 0.4 }));
const PHRASES = [
  {
    start: 0.5,
    end: 2.1,
    phrase: 'This is the short',
    words: words(0.5, ['This', 'is', 'the', 'short']),
  },
  {
    start: 3.5,
    end: 4.7,
    phrase: 'and its captions',
    words: words(3.5, ['and', 'its', 'captions']),
  },
];
const SAMPLE = { width: 270, height: 480 };
/**
 * The mean channel difference of a matching half (1 to 2 here: scaling and encoding); a lost
 * half or a picture hidden by a caption clip differs by 70 or more.
 */
const MATCHED = 6;
/** The rows the captions may take, the burned ones and the editors' larger ones. */
const CAPTION_BAND = {
  from: Math.round(SAMPLE.height * 0.6),
  to: Math.round(SAMPLE.height * 0.85),
};

let dir = '';
let timeline: Timeline;
let rendered = '';
const melted: Record<'mlt' | 'kdenlive', string> = { mlt: '', kdenlive: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-split-export-'));
  const source = join(dir, 'two.mp4');
  await makeFaceVideo({ ...TWO_SCENE, durationS: 6 }, source);
  const probe = await probeMedia(source, { keyframes: true });
  const input: ExportInput = {
    title: 'The split',
    fileName: 'two.mp4',
    probe,
    keep: KEEP,
    phrases: PHRASES,
    short: { frame: { width: 1080, height: 1920 }, framing: SPLIT, style: DEFAULT_DRAW_SETTINGS },
  };
  timeline = buildTimeline(input);
  rendered = join(dir, 'rendered.mp4');
  await renderShortClip(source, {
    outPath: rendered,
    keep: KEEP,
    probe,
    subtitles: { segments: PHRASES, settings: DEFAULT_DRAW_SETTINGS },
    fontsDir: await subtitleFontsDir(dir),
    reframe: SPLIT,
  });
  for (const format of ['mlt', 'kdenlive'] as const) {
    const project = join(dir, `split.${format}`);
    await writeFile(project, writeExport(format, input));
    melted[format] = join(dir, `melted-${format}.mp4`);
    await runMelt(
      [project, '-consumer', `avformat:${melted[format]}`, 'vcodec=libx264', 'crf=12'].concat([
        'preset=ultrafast',
        'an=1',
        'real_time=0',
      ]),
      {
        cwd: tmpdir(),
        env: { ...process.env, HOME: dir },
        work: { mediaS: 6, pixels: 1080 * 1920 },
      },
    );
  }
}, 600_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Frame `n` of a video, shrunk to SAMPLE, as RGB. */
async function frameAt(path: string, n: number): Promise<Uint8Array> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', path, '-map', '0:v:0'],
      ...['-vf', `select=eq(n\\,${n}),scale=${SAMPLE.width}:${SAMPLE.height}:flags=area`],
      ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  expect(stdout.length, `frame ${n} of ${path}`).toBe(SAMPLE.width * SAMPLE.height * 3);
  return new Uint8Array(stdout);
}

type Rows = { from: number; to: number };

/** The mean difference of two frames' channels over rows [from, to), but the caption band. */
function difference(a: Uint8Array, b: Uint8Array, { from, to }: Rows): number {
  let sum = 0;
  let count = 0;
  for (let y = from; y < to; y++) {
    if (y >= CAPTION_BAND.from && y < CAPTION_BAND.to) continue;
    for (let i = y * SAMPLE.width * 3; i < (y + 1) * SAMPLE.width * 3; i++) {
      sum += Math.abs(a[i]! - b[i]!);
      count++;
    }
  }
  return sum / count;
}

/** The share of the caption band's pixels in the default style's colour (royal blue). */
function captionShare(rgb: Uint8Array): number {
  let lit = 0;
  for (let y = CAPTION_BAND.from; y < CAPTION_BAND.to; y++) {
    for (let x = 0; x < SAMPLE.width; x++) {
      const i = (y * SAMPLE.width + x) * 3;
      if (rgb[i]! < 130 && rgb[i + 1]! > 70 && rgb[i + 1]! < 160 && rgb[i + 2]! > 180) lit++;
    }
  }
  return lit / ((CAPTION_BAND.to - CAPTION_BAND.from) * SAMPLE.width);
}

const middle = (c: { recordIn: number; recordOut: number }) =>
  Math.floor((c.recordIn + c.recordOut) / 2);

/** A frame between the two sentences, where no caption is shown. */
function between(): number {
  const gap = timeline.captions.findIndex(
    (c, i) => c.recordOut < (timeline.captions[i + 1]?.recordIn ?? 0),
  );
  expect(gap, 'a gap between the captions').toBeGreaterThanOrEqual(0);
  return middle({
    recordIn: timeline.captions[gap]!.recordOut,
    recordOut: timeline.captions[gap + 1]!.recordIn,
  });
}

describe.each(['mlt', 'kdenlive'] as const)(
  'a split short with captions, exported to %s',
  (format) => {
    it('shows both halves as the app does, under a caption and between captions', async () => {
      const half = SAMPLE.height / 2;
      const [first, last] = [timeline.captions[0]!, timeline.captions.at(-1)!];
      for (const n of [middle(first), between(), middle(last)]) {
        const [ours, theirs] = [await frameAt(rendered, n), await frameAt(melted[format], n)];
        const top = difference(ours, theirs, { from: 0, to: half });
        const bottom = difference(ours, theirs, { from: half, to: SAMPLE.height });
        expect(top, `frame ${n}: the top half`).toBeLessThan(MATCHED);
        expect(bottom, `frame ${n}: the bottom half outside the captions`).toBeLessThan(MATCHED);
      }
    });

    it('draws each caption over the picture on its frames, and none between them', async () => {
      for (const caption of timeline.captions) {
        const n = middle(caption);
        expect(
          captionShare(await frameAt(rendered, n)),
          `the app, "${caption.text}"`,
        ).toBeGreaterThan(0.01);
        expect(
          captionShare(await frameAt(melted[format], n)),
          `melt, "${caption.text}"`,
        ).toBeGreaterThan(0.01);
      }
      expect(captionShare(await frameAt(rendered, between()))).toBeLessThan(0.001);
      expect(captionShare(await frameAt(melted[format], between()))).toBeLessThan(0.001);
    });
  },
);
