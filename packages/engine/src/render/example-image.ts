// The template editor's example image: an ASS subtitle drawn by libass over a solid colour, one
// PNG frame. The ASS text comes from the subtitle builder; this module only draws it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { EngineError } from '../types.ts';

export type Rgb = { r: number; g: number; b: number };

export type ExampleImageOptions = {
  /** A complete ASS script whose events show at 0 s. */
  ass: string;
  width: number;
  height: number;
  background: Rgb;
  /** Extra font folder for libass (fonts not installed system-wide). */
  fontsDir?: string;
  signal?: AbortSignal;
};

const MAX_SIDE = 4096;
// NOTE: one PNG frame needs 0.48 GB of address space (measured); a style that makes libass draw
// past 2 GB stops there, in seconds, instead of at the renders' larger ceiling.
const EXAMPLE_MEMORY_CAP = 2 * 1024 ** 3;

const channel = (value: number): string =>
  Math.min(255, Math.max(0, Math.round(value)))
    .toString(16)
    .padStart(2, '0');

/** `0xRRGGBB` for lavfi's color source. */
export const colourHex = ({ r, g, b }: Rgb): string => `0x${channel(r)}${channel(g)}${channel(b)}`;

/** Escapes a value for one filter option inside a filtergraph (quotes, backslashes, colons). */
export const escapeFilterValue = (value: string): string =>
  `'${value.replace(/\\/g, '\\\\').replace(/'/g, "'\\\\\\''").replace(/:/g, '\\:')}'`;

/** ffmpeg arguments that draw `assPath` over a solid background into one PNG frame. */
export function buildExampleImageArgs(
  assPath: string,
  outPath: string,
  options: Pick<ExampleImageOptions, 'width' | 'height' | 'background' | 'fontsDir'>,
): string[] {
  const { width, height } = options;
  if (!Number.isInteger(width) || !Number.isInteger(height)) {
    throw new EngineError('bad_size', 'The example size must be whole pixels.');
  }
  if (width < 2 || height < 2 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new EngineError('bad_size', `The example size must be 2 to ${MAX_SIDE} pixels a side.`);
  }
  const fonts = options.fontsDir ? `:fontsdir=${escapeFilterValue(options.fontsDir)}` : '';
  return [
    '-f',
    'lavfi',
    '-i',
    `color=c=${colourHex(options.background)}:s=${width}x${height}:r=1:d=1`,
    '-vf',
    `format=rgb24,ass=filename=${escapeFilterValue(assPath)}${fonts}`,
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    outPath,
  ];
}

/** Draws the ASS script's first frame and returns the PNG bytes. */
export async function renderExampleImage(options: ExampleImageOptions): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-example-'));
  try {
    const assPath = path.join(dir, 'example.ass');
    const outPath = path.join(dir, 'example.png');
    await writeFile(assPath, options.ass, 'utf8');
    await runFfmpeg(buildExampleImageArgs(assPath, outPath, options), {
      signal: options.signal,
      task: 'example',
      work: { mediaS: 0, pixels: options.width * options.height },
      memoryCapBytes: EXAMPLE_MEMORY_CAP,
    });
    return await readFile(outPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
