import { describe, expect, it } from 'vitest';
import { decodeGrid, overlap, suppressOverlaps, TINY_FACE } from './tiny-yolo.rules.ts';

const logit = (p: number) => Math.log(p / (1 - p));

/** A grid of rows × cols cells where every anchor scores 0.1 but the given ones. */
function grid(
  rows: number,
  cols: number,
  hits: { row: number; col: number; anchor: number; score: number }[],
) {
  const out = new Float32Array(rows * cols * TINY_FACE.anchors.length * 5);
  for (let i = 0; i < out.length; i += 5) out[i + 4] = logit(0.1);
  for (const h of hits) {
    const o = ((h.row * cols + h.col) * TINY_FACE.anchors.length + h.anchor) * 5;
    out[o + 4] = logit(h.score);
  }
  return out;
}

describe('decodeGrid', () => {
  it('places a box in frame pixels on a grid wider than tall', () => {
    // NOTE: zero offsets put the centre mid-cell and the size at the anchor's.
    const out = grid(2, 4, [{ row: 1, col: 3, anchor: 1, score: 0.9 }]);
    const boxes = decodeGrid(out, 2, 4, { x0: 10, y0: 20, scale: 2 }, 0.5);
    expect(boxes).toHaveLength(1);
    const [box] = boxes;
    expect(box!.cx).toBeCloseTo(10 + (3.5 * 32) / 2);
    expect(box!.cy).toBeCloseTo(20 + (1.5 * 32) / 2);
    expect(box!.width).toBeCloseTo((TINY_FACE.anchors[1][0] * 32) / 2);
    expect(box!.height).toBeCloseTo((TINY_FACE.anchors[1][1] * 32) / 2);
    expect(box!.score).toBeCloseTo(0.9);
  });

  it('keeps nothing at or under the score threshold', () => {
    const out = grid(3, 3, [{ row: 0, col: 0, anchor: 0, score: 0.5 }]);
    expect(decodeGrid(out, 3, 3, { x0: 0, y0: 0, scale: 1 }, 0.5)).toEqual([]);
  });
});

describe('suppressOverlaps', () => {
  const box = (cx: number, score: number) => ({ cx, cy: 50, width: 40, height: 40, score });

  it('keeps the best of overlapping boxes and every separate one', () => {
    const kept = suppressOverlaps([box(50, 0.6), box(55, 0.8), box(200, 0.7)]);
    expect(kept.map((b) => b.cx)).toEqual([55, 200]);
  });

  it('measures overlap as intersection over union', () => {
    expect(overlap(box(50, 1), box(50, 1))).toBeCloseTo(1);
    expect(overlap(box(50, 1), box(70, 1))).toBeCloseTo(800 / 2400);
    expect(overlap(box(50, 1), box(100, 1))).toBe(0);
  });
});
