// The tiny face detector's output grid as face boxes: YOLOv2 decoding (a cell of 32 input pixels,
// five anchor boxes a cell) and non-maximum suppression, as face-api does it, but for a grid of any
// width and height: the frame is given to the network at its own aspect, not padded to a square.

/** face-api's TinyFaceDetector anchors (in cells), mean colour and overlap threshold. */
export const TINY_FACE = {
  anchors: [
    [1.603231, 2.094468],
    [6.041143, 7.080126],
    [2.882459, 3.518061],
    [4.266906, 5.178857],
    [9.041765, 10.66308],
  ] as const,
  meanRgb: [117.001, 114.697, 97.404] as const,
  iouThreshold: 0.4,
  cell: 32,
};

export type Box = { cx: number; cy: number; width: number; height: number; score: number };

/** Where the network's input came from: input pixel (x, y) is frame pixel (x0 + x/scale, y0 + y/scale). */
export type InputPlacement = { x0: number; y0: number; scale: number };

const sigmoid = (v: number): number => 1 / (1 + Math.exp(-v));

/**
 * Boxes (frame pixels) of every cell and anchor scoring above minScore. `out` is the network's
 * output, rows × cols × anchors × (x, y, w, h, score).
 */
export function decodeGrid(
  out: Float32Array,
  rows: number,
  cols: number,
  at: InputPlacement,
  minScore: number,
): Box[] {
  const { anchors, cell } = TINY_FACE;
  const boxes: Box[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      for (let a = 0; a < anchors.length; a++) {
        const o = ((row * cols + col) * anchors.length + a) * 5;
        const score = sigmoid(out[o + 4]!);
        if (score <= minScore) continue;
        boxes.push({
          cx: at.x0 + ((col + sigmoid(out[o]!)) * cell) / at.scale,
          cy: at.y0 + ((row + sigmoid(out[o + 1]!)) * cell) / at.scale,
          width: (Math.exp(out[o + 2]!) * anchors[a]![0] * cell) / at.scale,
          height: (Math.exp(out[o + 3]!) * anchors[a]![1] * cell) / at.scale,
          score,
        });
      }
    }
  }
  return boxes;
}

export function overlap(a: Box, b: Box): number {
  const w =
    Math.min(a.cx + a.width / 2, b.cx + b.width / 2) -
    Math.max(a.cx - a.width / 2, b.cx - b.width / 2);
  const h =
    Math.min(a.cy + a.height / 2, b.cy + b.height / 2) -
    Math.max(a.cy - a.height / 2, b.cy - b.height / 2);
  const common = Math.max(0, w) * Math.max(0, h);
  return common / (a.width * a.height + b.width * b.height - common);
}

/** The best-scoring boxes, each dropping those that overlap it beyond the threshold. */
export function suppressOverlaps(boxes: readonly Box[], threshold = TINY_FACE.iouThreshold): Box[] {
  const kept: Box[] = [];
  for (const box of [...boxes].sort((a, b) => b.score - a.score)) {
    if (kept.every((k) => overlap(k, box) <= threshold)) kept.push(box);
  }
  return kept;
}
