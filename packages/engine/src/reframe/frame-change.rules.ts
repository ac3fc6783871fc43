// Whether a sampled frame still looks like the last one the face detector saw: a still speaker
// then keeps the faces found there, and the detector (most of the planning's CPU) is not run.
// A talking head is still most of the time; a move, a cut or a new face changes many cells.

/** Mean grey levels of a grid of cells, row by row. */
export type Thumbnail = { cols: number; rows: number; levels: Float32Array };
/** A box in sampled-frame pixels. */
export type Area = { x0: number; y0: number; x1: number; y1: number };

/** Sampled pixels a thumbnail cell covers on each side. */
export const CELL = 8;

export const CHANGE_RULES = {
  /** A cell whose mean grey level moved more than this since the last keyframe has changed. */
  cellLevels: 12,
  /**
   * The same since the last frame the detector saw: looser, so light that drifts slowly over a
   * long still stretch costs a detection now and then, while a face that crept away is seen.
   */
  driftLevels: 32,
  /**
   * The scene changed when more than this share of the cells did. A mouth or a blink covers a
   * few cells of a face; a face moving a tenth of its width changes its edges' cells.
   */
  changedShare: 0.006,
} as const;

type Frame = { width: number; height: number; rgb: Uint8Array };

/** Mean grey level of each CELL × CELL block (the last row and column take what is left). */
export function thumbnail(frame: Frame): Thumbnail {
  const cols = Math.ceil(frame.width / CELL);
  const rows = Math.ceil(frame.height / CELL);
  const sums = new Float32Array(cols * rows);
  const counts = new Uint16Array(cols * rows);
  const { rgb, width, height } = frame;
  for (let y = 0; y < height; y++) {
    const rowBase = ((y / CELL) | 0) * cols;
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const cell = rowBase + ((x / CELL) | 0);
      // NOTE: integer luma weights (77, 150, 29 over 256), as precise as a cell mean needs.
      sums[cell]! += (77 * rgb[i]! + 150 * rgb[i + 1]! + 29 * rgb[i + 2]!) >> 8;
      counts[cell]! += 1;
    }
  }
  for (let c = 0; c < sums.length; c++) sums[c] = sums[c]! / counts[c]!;
  return { cols, rows, levels: sums };
}

/**
 * True when the frames differ in more than a few cells (or were sampled at different sizes).
 * Cells that touch an area of `ignore` are not compared: the mouths of the faces already found,
 * whose talking would otherwise make every close-up speaker look like a new scene.
 */
export function sceneChanged(
  a: Thumbnail,
  b: Thumbnail,
  ignore: readonly Area[] = [],
  levels: number = CHANGE_RULES.cellLevels,
): boolean {
  if (a.cols !== b.cols || a.rows !== b.rows) return true;
  const skip = new Uint8Array(a.levels.length);
  for (const area of ignore) {
    const c0 = Math.max(0, Math.floor(area.x0 / CELL));
    const c1 = Math.min(a.cols - 1, Math.floor(area.x1 / CELL));
    const r0 = Math.max(0, Math.floor(area.y0 / CELL));
    const r1 = Math.min(a.rows - 1, Math.floor(area.y1 / CELL));
    for (let r = r0; r <= r1; r++) skip.fill(1, r * a.cols + c0, r * a.cols + c1 + 1);
  }
  const allowed = Math.floor(a.levels.length * CHANGE_RULES.changedShare);
  let changed = 0;
  for (let i = 0; i < a.levels.length; i++) {
    if (skip[i]) continue;
    if (Math.abs(a.levels[i]! - b.levels[i]!) > levels && ++changed > allowed) {
      return true;
    }
  }
  return false;
}
