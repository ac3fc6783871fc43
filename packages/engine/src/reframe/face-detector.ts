// Faces on sampled frames: face-api's tiny face detector (MIT, weights inside the npm package) on TensorFlow.js's WebAssembly backend (its .wasm files inside its npm
// package too). Nothing is downloaded; see docs/decisions/0006-face-follow-reframe.md.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SampledFrame } from './sample-frames.ts';

export type Face = {
  /** Centre and size in sampled-frame pixels. */
  cx: number;
  cy: number;
  width: number;
  height: number;
  score: number;
  /** Grey levels of the mouth area on a small fixed grid, for frame-to-frame movement. */
  mouthPatch: Float32Array;
  /** The same for the eyes' band: head movement shows here too, speech mostly does not. */
  eyesPatch: Float32Array;
};

export type FaceDetector = {
  detect(frame: SampledFrame): Promise<Face[]>;
};

// NOTE: face-api's own typings reference a file its package does not ship, so the few calls used
// are typed here.
type Tensor = { dispose(): void };
type Detection = { score: number; box: { x: number; y: number; width: number; height: number } };
type WeightEntry = { name: string; shape: number[]; dtype: string };
type Tf = {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  io: { decodeWeights(buffer: ArrayBuffer, specs: WeightEntry[]): Record<string, Tensor> };
};
type FaceApi = {
  nets: Record<
    'tinyFaceDetector' | 'faceLandmark68TinyNet',
    { loadFromWeightMap(m: unknown): void }
  >;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(input: Tensor, options: unknown): Promise<Detection[]>;
};

const require = createRequire(import.meta.url);
export const PATCH_W = 12;
export const PATCH_H = 6;

export type DetectorOptions = {
  /** The detector's square input side (a multiple of 32); default 416 (320 misses or mis-centres faces a sixth of the frame tall). */
  inputSize?: number;
  minScore?: number;
};

// NOTE: loaded once per process and kept for the next clip (190 KB of weights).
let loaded: Promise<{ tf: Tf; faceapi: FaceApi }> | undefined;

async function loadModels(): Promise<{ tf: Tf; faceapi: FaceApi }> {
  const tf = require('@tensorflow/tfjs') as Tf;
  // NOTE: registers the wasm backend; in Node it reads its .wasm from its own dist folder.
  require('@tensorflow/tfjs-backend-wasm');
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js wasm backend did not start');
  await tf.ready();
  const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  const weights = async (name: string) => {
    const manifest = JSON.parse(
      await readFile(join(modelDir, `${name}-weights_manifest.json`), 'utf8'),
    ) as { paths: string[]; weights: WeightEntry[] }[];
    const group = manifest[0]!;
    const bytes = await readFile(join(modelDir, group.paths[0]!));
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    return tf.io.decodeWeights(buffer, group.weights);
  };
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(await weights('tiny_face_detector_model'));
  return { tf, faceapi };
}

/** Mean grey level of each cell of a PATCH_W × PATCH_H grid over the box. */
export function greyPatch(frame: SampledFrame, box: Region): Float32Array {
  const patch = new Float32Array(PATCH_W * PATCH_H);
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(frame.width, Math.ceil(box.x1));
  const y1 = Math.min(frame.height, Math.ceil(box.y1));
  if (x1 <= x0 || y1 <= y0) return patch;
  const counts = new Float32Array(patch.length);
  for (let y = y0; y < y1; y++) {
    const row = Math.min(PATCH_H - 1, Math.floor(((y - y0) * PATCH_H) / (y1 - y0)));
    for (let x = x0; x < x1; x++) {
      const col = Math.min(PATCH_W - 1, Math.floor(((x - x0) * PATCH_W) / (x1 - x0)));
      const i = (y * frame.width + x) * 3;
      const grey = 0.299 * frame.rgb[i]! + 0.587 * frame.rgb[i + 1]! + 0.114 * frame.rgb[i + 2]!;
      patch[row * PATCH_W + col]! += grey;
      counts[row * PATCH_W + col]! += 1;
    }
  }
  for (let i = 0; i < patch.length; i++) patch[i] = counts[i]! ? patch[i]! / counts[i]! : 0;
  return patch;
}

// NOTE: where the mouth and the eyes sit in the tiny detector's box (brows to chin), as shares of
// the box; measured on the bench photos. Landmarks would cost a second network per face.
const MOUTH_BOX = { x0: 0.25, x1: 0.75, y0: 0.62, y1: 0.95 };
const EYES_BOX = { x0: 0.15, x1: 0.85, y0: 0.2, y1: 0.45 };

export type Region = { x0: number; y0: number; x1: number; y1: number };
type Place = { cx: number; cy: number; width: number; height: number };

/** The mouth's and the eyes' regions of a face at a place. */
export const mouthRegion = (p: Place): Region =>
  within(
    { x: p.cx - p.width / 2, y: p.cy - p.height / 2, width: p.width, height: p.height },
    MOUTH_BOX,
  );
export const eyesRegion = (p: Place): Region =>
  within(
    { x: p.cx - p.width / 2, y: p.cy - p.height / 2, width: p.width, height: p.height },
    EYES_BOX,
  );

const within = (box: Detection['box'], share: typeof MOUTH_BOX): Region => ({
  x0: box.x + box.width * share.x0,
  x1: box.x + box.width * share.x1,
  y0: box.y + box.height * share.y0,
  y1: box.y + box.height * share.y1,
});

/** A face at a known place on a frame (found there, or placed between two detections). */
export function describeFace(
  frame: SampledFrame,
  place: { cx: number; cy: number; width: number; height: number },
  score: number,
): Face {
  const box = {
    x: place.cx - place.width / 2,
    y: place.cy - place.height / 2,
    width: place.width,
    height: place.height,
  };
  return { ...toFace(frame, { box, score }) };
}

function toFace(frame: SampledFrame, d: Detection): Face {
  const { box, score } = d;
  return {
    cx: box.x + box.width / 2,
    cy: box.y + box.height / 2,
    width: box.width,
    height: box.height,
    score,
    mouthPatch: greyPatch(frame, within(box, MOUTH_BOX)),
    eyesPatch: greyPatch(frame, within(box, EYES_BOX)),
  };
}

export async function createFaceDetector(options: DetectorOptions = {}): Promise<FaceDetector> {
  loaded ??= loadModels();
  const { tf, faceapi } = await loaded;
  const detectorOptions = new faceapi.TinyFaceDetectorOptions({
    inputSize: options.inputSize ?? 416,
    scoreThreshold: options.minScore ?? 0.5,
  });
  return {
    async detect(frame) {
      const input = tf.tensor3d(frame.rgb, [frame.height, frame.width, 3], 'int32');
      try {
        const found = await faceapi.detectAllFaces(input, detectorOptions);
        return found.map((d) => toFace(frame, d));
      } finally {
        input.dispose();
      }
    },
  };
}
