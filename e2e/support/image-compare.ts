// Pixel comparison for the preview-equals-render test: images are decoded (and scaled) to raw RGB
// by ffmpeg, the engine's media adapter, then measured here.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@roughcut/engine/work';

export type RgbImage = { width: number; height: number; data: Buffer };
export type Box = { left: number; top: number; right: number; bottom: number; pixels: number };

/** An image file or PNG bytes as width x height RGB24 (area-scaled when the size differs). */
export async function decodeRgb(
  input: string | Buffer,
  width: number,
  height: number,
): Promise<RgbImage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'roughcut-pixels-'));
  try {
    const source = typeof input === 'string' ? input : path.join(dir, 'in.png');
    if (typeof input !== 'string') await writeFile(source, input);
    const out = path.join(dir, 'out.rgb');
    await runFfmpeg([
      ...['-i', source, '-frames:v', '1'],
      ...['-vf', `scale=${width}:${height}:flags=area,format=rgb24`],
      ...['-f', 'rawvideo', out],
    ]);
    return { width, height, data: await readFile(out) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The box around every pixel that differs from the background by more than `threshold`. */
export function textBox(image: RgbImage, background = { r: 0, g: 0, b: 0 }, threshold = 48): Box {
  let [left, top, right, bottom, pixels] = [image.width, image.height, -1, -1, 0];
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 3;
      const d = Math.max(
        Math.abs((image.data[i] ?? 0) - background.r),
        Math.abs((image.data[i + 1] ?? 0) - background.g),
        Math.abs((image.data[i + 2] ?? 0) - background.b),
      );
      if (d <= threshold) continue;
      pixels += 1;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { left, top, right, bottom, pixels };
}

/** Mean absolute difference per channel (0-255) over the whole image or inside `box`. */
export function meanDifference(a: RgbImage, b: RgbImage, box?: Box): number {
  const [x0, y0, x1, y1] = box
    ? [box.left, box.top, box.right, box.bottom]
    : [0, 0, a.width - 1, a.height - 1];
  let sum = 0;
  let count = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) sum += Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0));
      count += 3;
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** The largest distance between two boxes' matching edges, in pixels. */
export const boxDistance = (a: Box, b: Box): number =>
  Math.max(
    Math.abs(a.left - b.left),
    Math.abs(a.top - b.top),
    Math.abs(a.right - b.right),
    Math.abs(a.bottom - b.bottom),
  );

/** The smallest box holding both. */
export const unionBox = (a: Box, b: Box): Box => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
  pixels: 0,
});
