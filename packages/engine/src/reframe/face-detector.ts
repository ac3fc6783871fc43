// Faces on sampled frames (the tiny face detector of tiny-face-net.ts), each with the grey levels
// of its mouth and eyes for the speaker measure.
import type { SampledFrame } from './sample-frames.ts';
import { decodeGrid, suppressOverlaps, TINY_FACE } from './tiny-yolo.rules.ts';
import type { Box } from './tiny-yolo.rules.ts';
import { loadTinyFaceNet } from './tiny-face-net.ts';

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
  /** The faces on the frame, or only within a region of it (sampled-frame pixels). */
  detect(frame: SampledFrame, region?: Region): Promise<Face[]>;
};

export const PATCH_W = 12;
export const PATCH_H = 6;

export type DetectorOptions = {
  /**
   * Network input pixels per sampled-frame pixel; default DEFAULT_SCALE (416 over 384: a smaller
   * scale misses or mis-centres faces a sixth of the frame tall).
   */
  scale?: number;
  /** As face-api's input size: the frame's longer side becomes this many input pixels. */
  inputSize?: number;
  minScore?: number;
};

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
export const mouthRegion = (p: Place): Region => within(p, MOUTH_BOX);
export const eyesRegion = (p: Place): Region => within(p, EYES_BOX);

const within = (p: Place, share: typeof MOUTH_BOX): Region => ({
  x0: p.cx - p.width / 2 + p.width * share.x0,
  x1: p.cx - p.width / 2 + p.width * share.x1,
  y0: p.cy - p.height / 2 + p.height * share.y0,
  y1: p.cy - p.height / 2 + p.height * share.y1,
});

/** A face at a known place on a frame (found there, or placed between two detections). */
export function describeFace(frame: SampledFrame, place: Place, score: number): Face {
  return toFace(frame, { ...place, score });
}

function toFace(frame: SampledFrame, b: Box): Face {
  return {
    ...b,
    mouthPatch: greyPatch(frame, mouthRegion(b)),
    eyesPatch: greyPatch(frame, eyesRegion(b)),
  };
}

/** Network input pixels a frame pixel becomes (416 over a 384 px frame, as face-api's 416 input). */
export const DEFAULT_SCALE = 416 / 384;

export async function createFaceDetector(options: DetectorOptions = {}): Promise<FaceDetector> {
  const net = await loadTinyFaceNet();
  const { tf } = net;
  const minScore = options.minScore ?? 0.5;
  return {
    async detect(frame, region) {
      const r = region ?? { x0: 0, y0: 0, x1: frame.width, y1: frame.height };
      const x0 = Math.max(0, Math.floor(r.x0));
      const y0 = Math.max(0, Math.floor(r.y0));
      const w = Math.min(frame.width, Math.ceil(r.x1)) - x0;
      const h = Math.min(frame.height, Math.ceil(r.y1)) - y0;
      if (w < 8 || h < 8) return [];
      const scale =
        options.inputSize && !region
          ? options.inputSize / Math.max(frame.width, frame.height)
          : (options.scale ?? DEFAULT_SCALE);
      const inW = Math.round(w * scale);
      const inH = Math.round(h * scale);
      const { cell } = TINY_FACE;
      // NOTE: padded with black below and right to whole cells, as face-api pads to its square.
      const out = tf.tidy(() => {
        let x = tf.cast(tf.tensor3d(frame.rgb, [frame.height, frame.width, 3], 'int32'), 'float32');
        if (w !== frame.width || h !== frame.height) x = tf.slice(x, [y0, x0, 0], [h, w, 3]);
        x = tf.image.resizeBilinear(x, [inH, inW]);
        x = tf.pad(x, [
          [0, Math.ceil(inH / cell) * cell - inH],
          [0, Math.ceil(inW / cell) * cell - inW],
          [0, 0],
        ]);
        return net.forward(x);
      });
      try {
        const grid = await out.data();
        const boxes = decodeGrid(grid, out.shape[1]!, out.shape[2]!, { x0, y0, scale }, minScore);
        return suppressOverlaps(boxes).map((b) => toFace(frame, b));
      } finally {
        out.dispose();
      }
    },
  };
}
