// The boundary rule for sources with B-frames (copy-ends.ts): a group copied up to one of the
// ends found decodes, on its own, to exactly the source's pictures up to that end.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import { buildCopyEndsProbeArgs, parseCopyEnds, tailReads } from './copy-ends.ts';
import { formatSeconds } from '../frames/spans.ts';

const FPS = 30;
let dir = '';
let source = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-copy-ends-'));
  source = join(dir, 'bframes.mp4');
  // A camera-like stream: a keyframe a second, B-frames in a pyramid, moving content.
  // prettier-ignore
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=${FPS}:duration=4`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-g', '30', '-bf', '3', '-pix_fmt', 'yuv420p', source,
  ]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Each decoded picture's MD5, in order shown. */
async function pictureHashes(args: string[]): Promise<string[]> {
  const out = join(dir, `${Math.random().toString(36).slice(2)}.md5`);
  await runFfmpeg([...args, '-map', '0:v:0', '-f', 'framemd5', out]);
  return (await readFile(out, 'utf8'))
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)!.trim());
}

describe('copy ends with B-frames', () => {
  it('finds ends inside the last group, and a copy to each decodes to the same pictures', async () => {
    const reads = tailReads([{ first: 10, end: 80 }], [0, 30, 60, 90]);
    expect(reads).toEqual([{ keyframe: 60, packets: 20 }]);
    const json = await runFfprobe(buildCopyEndsProbeArgs(source, reads, FPS, 0));
    const ends = parseCopyEnds(json, reads, FPS).filter((e) => e > 60 && e <= 80);
    // NOTE: with up to 3 B-frames an end comes at least every 4 pictures.
    expect(ends.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...ends)).toBeGreaterThanOrEqual(77);
    for (const end of [ends[0]!, ends.at(-1)!]) {
      const copy = join(dir, `copy-${end}.ts`);
      // prettier-ignore
      await runFfmpeg([
        '-ss', formatSeconds(60.25 / FPS), '-i', source,
        '-map', '0:v:0', '-c:v', 'copy', '-frames:v', String(end - 60), '-f', 'mpegts', copy,
      ]);
      const copied = await pictureHashes(['-i', copy]);
      const decoded = await pictureHashes([
        ...['-ss', formatSeconds(59.5 / FPS), '-i', source, '-frames:v', String(end - 60)],
      ]);
      expect(copied).toHaveLength(end - 60);
      expect(copied).toEqual(decoded);
    }
  });
});
