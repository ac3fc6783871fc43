// Ground truth for the face-following reframe: real face photos (face-api's demo photo, shipped in
// the MIT-licensed @vladmandic/face-api npm package) moved by ffmpeg's overlay along a known path
// over a plain background, with a talking mouth drawn in while that face "speaks".
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';

export const FACE_VIDEO_WIDTH = 1280;
export const FACE_VIDEO_HEIGHT = 720;
export const FACE_VIDEO_FPS = 25;

type Photo = {
  /** Crop of demo/sample6.jpg, scaled to PATCH_HEIGHT tall. */
  crop: { w: number; h: number; x: number; y: number };
  /** Face-box centre and mouth centre inside the scaled patch (measured with the detector). */
  face: { x: number; y: number };
  mouth: { x: number; y: number; width: number };
};

const PATCH_HEIGHT = 300;
export const FACE_PHOTOS: Record<'b' | 'c', Photo> = {
  b: {
    crop: { w: 380, h: 520, x: 1428, y: 200 },
    face: { x: 85, y: 143 },
    mouth: { x: 71, y: 169, width: 44 },
  },
  c: {
    crop: { w: 380, h: 520, x: 146, y: 400 },
    face: { x: 125, y: 153 },
    mouth: { x: 142, y: 177, width: 47 },
  },
};

/** A face's centre x (video pixels) at keyframe times; linear in between, a step where two share a time. */
export type Keyframe = { t: number; x: number };
export type SceneFace = {
  photo: keyof typeof FACE_PHOTOS;
  /** Centre y of the face (video pixels), fixed. */
  y: number;
  path: Keyframe[];
  /** Times this face talks (its mouth moves). */
  speaks: { start: number; end: number }[];
};
export type FaceScene = { name: string; durationS: number; faces: SceneFace[] };

/** One face (photo b, half-way down) talking all through, its centre x along `path`. */
export function oneSpeakerScene(name: string, durationS: number, path: Keyframe[]): FaceScene {
  return {
    name,
    durationS,
    faces: [{ photo: 'b', y: FACE_VIDEO_HEIGHT / 2, path, speaks: [{ start: 0, end: durationS }] }],
  };
}

/**
 * The luma spread (max − min) of the middle of one frame of `file` at `atS`, after `crop` (an
 * ffmpeg crop expression, or none): a face photo spans dark hair to bright skin, the background
 * gradient hardly varies, so a wide spread says the face is in the middle of the frame.
 */
export async function middleLumaSpread(file: string, atS: number, crop?: string): Promise<number> {
  const filters = [
    ...(crop ? [crop, 'scale=1080:1920'] : []),
    'crop=iw*0.3:ih*0.2:iw*0.35:ih*0.3',
    'signalstats',
    'metadata=print:file=-',
  ];
  const { stdout } = await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-ss', String(atS), '-i', file, '-frames:v', '1'],
    ...['-vf', filters.join(','), '-f', 'null', '-'],
  ]);
  const value = (key: string) =>
    Number(new RegExp(`lavfi\\.signalstats\\.${key}=(\\d+)`).exec(stdout)?.[1]);
  return value('YMAX') - value('YMIN');
}

/** Where a face's centre is at time t (the truth the bench scores against). */
export function faceXAt(path: readonly Keyframe[], t: number): number {
  if (t <= path[0]!.t) return path[0]!.x;
  for (let i = path.length - 1; i >= 0; i--) {
    const a = path[i]!;
    if (t < a.t) continue;
    const b = path[i + 1];
    if (!b) return a.x;
    if (b.t === a.t) return b.x;
    return a.x + ((b.x - a.x) * (t - a.t)) / (b.t - a.t);
  }
  return path[path.length - 1]!.x;
}

/** The same path as an ffmpeg expression of t. */
export function pathExpression(path: readonly Keyframe[]): string {
  let expr = String(path[path.length - 1]!.x);
  for (let i = path.length - 2; i >= 0; i--) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const piece = b.t === a.t ? String(b.x) : `(${a.x}+(${b.x - a.x})*(t-${a.t})/${b.t - a.t})`;
    expr = `if(lt(t,${b.t}),${piece},${expr})`;
  }
  return `if(lt(t,${path[0]!.t}),${path[0]!.x},${expr})`;
}

/** One speaker: still, a slow pan, still, a jump to the other side (between samples), still. */
export const WALK_SCENE: FaceScene = {
  name: 'walk',
  durationS: 20,
  faces: [
    {
      photo: 'b',
      y: 360,
      path: [
        { t: 0, x: 330 },
        { t: 5, x: 330 },
        { t: 11, x: 930 },
        { t: 15.1, x: 930 },
        { t: 15.1, x: 260 },
        { t: 20, x: 260 },
      ],
      speaks: [{ start: 0, end: 20 }],
    },
  ],
};

/** Two people far apart; the one talking changes at 5.1 s and 10.15 s (between samples). */
export const TWO_SCENE: FaceScene = {
  name: 'two',
  durationS: 15,
  faces: [
    {
      photo: 'b',
      y: 360,
      path: [{ t: 0, x: 250 }],
      speaks: [
        { start: 0, end: 5.1 },
        { start: 10.15, end: 15 },
      ],
    },
    { photo: 'c', y: 360, path: [{ t: 0, x: 1030 }], speaks: [{ start: 5.1, end: 10.15 }] },
  ],
};

const photoPath = (): string => {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample6.jpg');
};

/** The filter graph: background, then each face overlaid along its path with its mouth moving. */
export function faceSceneGraph(scene: FaceScene): string {
  const chains: string[] = [];
  let last = '0:v';
  const mouthInput = scene.faces.length + 1;
  chains.push(
    `[${mouthInput}:v]split=${scene.faces.length}${scene.faces.map((_, i) => `[m${i}]`).join('')}`,
  );
  scene.faces.forEach((face, i) => {
    const photo = FACE_PHOTOS[face.photo];
    const { mouth } = photo;
    // NOTE: the mouth opens as this face starts to talk, then shuts and opens 3 times a second.
    const open =
      face.speaks
        .map((s) => `between(t,${s.start},${s.end})*lt(mod(t-${s.start},0.333),0.167)`)
        .join('+') || '0';
    chains.push(
      `[${i + 1}:v][m${i}]overlay=x=${Math.round(mouth.x - MOUTH_W / 2)}:y=${Math.round(mouth.y - MOUTH_H / 2)}:enable='${open}'[p${i}]`,
    );
    const x = `${pathExpression(face.path)}-${photo.face.x}`;
    chains.push(`[${last}][p${i}]overlay=x='${x}':y=${face.y - photo.face.y}:eval=frame[o${i}]`);
    last = `o${i}`;
  });
  chains.push(`[${last}]format=yuv420p[v]`);
  return chains.join(';');
}

const MOUTH_W = 30;
const MOUTH_H = 12;

/** Crops each photo once to a small still, so the scene's encode loops a small picture. */
async function writePatches(scene: FaceScene, dir: string): Promise<string[]> {
  const source = photoPath();
  const paths: string[] = [];
  for (const [i, face] of scene.faces.entries()) {
    const { crop } = FACE_PHOTOS[face.photo];
    const path = join(dir, `face-${i}.png`);
    await runFfmpeg([
      '-i',
      source,
      '-vf',
      `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},scale=-2:${PATCH_HEIGHT}`,
      '-frames:v',
      '1',
      path,
    ]);
    paths.push(path);
  }
  return paths;
}

/** Writes the scene as an H.264 + AAC .mp4, a tone sounding while anyone speaks. */
export async function makeFaceVideo(scene: FaceScene, outPath: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rc-face-'));
  try {
    await encodeScene(scene, await writePatches(scene, dir), outPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function encodeScene(scene: FaceScene, patches: string[], outPath: string): Promise<void> {
  const speech = scene.faces.flatMap((f) => f.speaks);
  const voiced = speech.map((s) => `between(t,${s.start},${s.end})`).join('+') || '0';
  const size = `${FACE_VIDEO_WIDTH}x${FACE_VIDEO_HEIGHT}`;
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `gradients=s=${size}:r=${FACE_VIDEO_FPS}:c0=0x35404d:c1=0x6d5a48:speed=0.01:d=${scene.durationS}`,
    ...patches.flatMap((p) => ['-loop', '1', '-framerate', String(FACE_VIDEO_FPS), '-i', p]),
    '-f',
    'lavfi',
    '-i',
    `color=c=0x3a1414:s=${MOUTH_W}x${MOUTH_H}:r=${FACE_VIDEO_FPS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=180:d=${scene.durationS}:sample_rate=48000`,
    '-filter_complex',
    `${faceSceneGraph(scene)};[${scene.faces.length + 2}:a]volume='0.5*gt(${voiced},0)*(0.6+0.4*sin(2*PI*4*t))':eval=frame[a]`,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    String(scene.durationS),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-c:a',
    'aac',
    '-shortest',
    outPath,
  ]);
}
