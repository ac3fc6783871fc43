import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderExampleImage } from './example-image.ts';

const run = promisify(execFile);

const ASS = `[Script Info]
ScriptType: v4.00+
PlayResX: 1080
PlayResY: 1920

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,DejaVu Sans,120,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,60,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.00,0:00:05.00,Default,,0,0,0,,Example text
`;

/** Mean of each RGB channel over a region, read back with ffmpeg. */
async function meanColour(png: Buffer, crop: string): Promise<number[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'example-read-'));
  try {
    const file = path.join(dir, 'x.png');
    await writeFile(file, png);
    const { stdout } = await run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        file,
        '-vf',
        `crop=${crop},scale=1:1:flags=area`,
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-',
      ],
      { encoding: 'buffer' },
    );
    return [...stdout.subarray(0, 3)];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('renderExampleImage', () => {
  it('draws the subtitle over the background colour as a PNG', async () => {
    const png = await renderExampleImage({
      ass: ASS,
      width: 1080,
      height: 1920,
      background: { r: 0, g: 0, b: 200 },
    });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1080);
    expect(png.readUInt32BE(20)).toBe(1920);
    // Top of the frame: only background. Bottom band: white text raises red and green.
    const top = await meanColour(png, '1080:400:0:0');
    // NOTE: lavfi's colour source is YUV, so channels may be off by a few steps.
    expect(top.map((v, i) => Math.abs(v - [0, 0, 200][i]!) <= 4)).toEqual([true, true, true]);
    const band = await meanColour(png, '1080:300:0:1560');
    expect(band[0]).toBeGreaterThan(5);
  });
});
