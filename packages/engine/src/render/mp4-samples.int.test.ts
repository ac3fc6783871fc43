// Copied parts read straight from the source (mp4-samples.ts) decode to exactly the source's
// pictures; files it cannot copy exactly are refused, so ffmpeg copies them instead.
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { annexBSamples, readMp4VideoIndex } from './mp4-samples.ts';

const FPS = 30;
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-mp4-samples-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function makeSource(name: string, videoArgs: string[]): Promise<string> {
  const path = join(dir, name);
  // prettier-ignore
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=${FPS}:duration=4`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4:sample_rate=48000',
    '-c:v', 'libx264', '-g', '30', '-pix_fmt', 'yuv420p', ...videoArgs, '-c:a', 'aac', path,
  ]);
  return path;
}

/** Each decoded picture's MD5, in order shown. */
async function pictureHashes(args: string[]): Promise<string[]> {
  const out = join(dir, `${Math.random().toString(36).slice(2)}.md5`);
  await runFfmpeg([...args, '-map', '0:v:0', '-f', 'framemd5', out]);
  return (await readFile(out, 'utf8'))
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)!.trim());
}

describe('mp4 samples', () => {
  it('reads pictures 30..75 of a source without B-frames as the decoder shows them', async () => {
    const source = await makeSource('plain.mp4', ['-preset', 'veryfast', '-bf', '0']);
    const index = await readMp4VideoIndex(source);
    expect(index?.sizes.length).toBe(4 * FPS);
    expect(index?.sync).toEqual([0, 30, 60, 90]);
    expect(index?.frameS).toBeCloseTo(1 / FPS, 9);
    const file = await open(source, 'r');
    const chunks: Uint8Array[] = [];
    for await (const chunk of annexBSamples(file, index!, 30, 75))
      chunks.push(Uint8Array.from(chunk));
    await file.close();
    const part = join(dir, 'part.h264');
    await writeFile(part, Buffer.concat(chunks));
    const copied = await pictureHashes(['-f', 'h264', '-i', part]);
    const decoded = await pictureHashes([
      '-ss',
      String(29.5 / FPS),
      '-i',
      source,
      '-frames:v',
      '45',
    ]);
    expect(copied).toHaveLength(45);
    expect(copied).toEqual(decoded);
  });
  it('refuses a source whose edit list moves the picture (B-frames)', async () => {
    const source = await makeSource('bframes.mp4', ['-preset', 'veryfast', '-bf', '3']);
    expect(await readMp4VideoIndex(source)).toBeNull();
  });
  it('refuses what is not an mp4', async () => {
    const path = join(dir, 'not.mp4');
    await writeFile(path, 'not a video');
    expect(await readMp4VideoIndex(path)).toBeNull();
  });
});
