// Odd and broken uploads for probe and render tests: each a few seconds of lavfi picture and tone.
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';

export type MediaOptions = { dir: string; name?: string; durationS?: number };

const picture = (size: string, fps: number, durationS: number): string[] => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${fps}:duration=${durationS}`,
];
const tone = (durationS: number): string[] => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=48000:duration=${durationS}`,
];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const aac = ['-c:a', 'aac', '-b:a', '64k'];

async function target(options: MediaOptions, fallback: string): Promise<string> {
  await mkdir(options.dir, { recursive: true });
  return path.join(options.dir, `${options.name ?? fallback}.mp4`);
}

/** Picture only: no audio stream at all. */
export async function makeSilentVideo(options: MediaOptions): Promise<string> {
  const out = await target(options, 'silent');
  await runFfmpeg([...picture('640x360', 25, options.durationS ?? 2), ...h264, '-an', out]);
  return out;
}

/** An .mp4 with a sound track and no picture. */
export async function makeAudioOnlyMp4(options: MediaOptions): Promise<string> {
  const out = await target(options, 'audio-only');
  await runFfmpeg([...tone(options.durationS ?? 2), '-vn', ...aac, out]);
  return out;
}

export async function makeZeroLengthFile(options: MediaOptions): Promise<string> {
  const out = await target(options, 'zero-length');
  await writeFile(out, '');
  return out;
}

/** The first `keepFraction` of the bytes of `from`, as an upload cut off mid-way. */
export async function makeTruncatedMp4(
  from: string,
  options: MediaOptions & { keepFraction?: number },
): Promise<string> {
  const out = await target(options, 'truncated');
  const { size } = await stat(from);
  const keep = Math.floor(size * (options.keepFraction ?? 0.6));
  const source = await open(from, 'r');
  try {
    const buffer = Buffer.alloc(keep);
    await source.read(buffer, 0, keep, 0);
    await writeFile(out, buffer);
  } finally {
    await source.close();
  }
  return out;
}

/** Plain text with an .mp4 name. */
export async function makeTextFileNamedMp4(options: MediaOptions): Promise<string> {
  const out = await target(options, 'text');
  await writeFile(out, 'These are my meeting notes, not a video.\n'.repeat(50));
  return out;
}

/** Variable frame rate: 30 fps for the first second, then every third frame (10 fps). */
export async function makeVfrVideo(options: MediaOptions): Promise<string> {
  const out = await target(options, 'vfr');
  const d = options.durationS ?? 3;
  await runFfmpeg([
    ...picture('640x360', 30, d),
    ...tone(d),
    '-vf',
    'select=lt(t\\,1)+not(mod(n\\,3))',
    '-fps_mode',
    'vfr',
    ...h264,
    ...aac,
    out,
  ]);
  return out;
}

/** A 640x360 frame with a 90° display matrix, as phones record portrait video (360x640 shown). */
export async function makeRotatedVideo(
  options: MediaOptions & { rotation?: number },
): Promise<string> {
  const out = await target(options, 'rotated');
  const plain = `${out}.plain.mp4`;
  const d = options.durationS ?? 2;
  await runFfmpeg([...picture('640x360', 25, d), ...tone(d), ...h264, ...aac, plain]);
  // NOTE: ffmpeg 5.1's mov muxer turns the `rotate` tag into the display matrix (on stream copy).
  await runFfmpeg([
    ...['-i', plain, '-map', '0', '-c', 'copy'],
    ...['-metadata:s:v:0', `rotate=${options.rotation ?? 90}`, out],
  ]);
  await rm(plain, { force: true });
  return out;
}

export async function makeHevcVideo(options: MediaOptions): Promise<string> {
  const out = await target(options, 'hevc');
  const d = options.durationS ?? 2;
  await runFfmpeg([
    ...picture('640x360', 25, d),
    ...tone(d),
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
    ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
    ...aac,
    out,
  ]);
  return out;
}

/**
 * An odd frame size (1279x719). 4:2:0 cannot have odd dimensions, so this is 4:4:4 H.264, which
 * renders must scale to even sizes.
 */
export async function makeOddSizeVideo(options: MediaOptions): Promise<string> {
  const out = await target(options, 'odd-size');
  const d = options.durationS ?? 2;
  await runFfmpeg([
    ...picture('1280x720', 25, d),
    ...tone(d),
    // NOTE: lavfi sources and 4:2:0 crops round sizes to even numbers; crop in 4:4:4.
    ...['-vf', 'format=yuv444p,crop=1279:719:0:0'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p'],
    ...aac,
    out,
  ]);
  return out;
}

/** A picture of any size (at least 2x2; 4:2:0 rounds odd sizes), 1 fps, with a tone. */
export async function makeVideoOfSize(
  options: MediaOptions & { width: number; height: number },
): Promise<string> {
  const out = await target(options, `size-${options.width}x${options.height}`);
  const d = options.durationS ?? 2;
  await runFfmpeg([
    ...[
      '-f',
      'lavfi',
      '-i',
      `color=c=gray:size=${options.width}x${options.height}:rate=1:duration=${d}`,
    ],
    ...tone(d),
    ...h264,
    ...aac,
    out,
  ]);
  return out;
}

/**
 * A small, valid video whose movie header (mvhd) claims `claimedS` seconds (default 4,000,000;
 * at most 2^32 - 1 ms): the packets hold `durationS` (2 s). Without an edit list, so the header's
 * duration is the only thing the lie changes.
 */
export async function makeLyingLengthMp4(
  options: MediaOptions & { claimedS?: number },
): Promise<string> {
  const out = await target(options, 'lying-length');
  const d = options.durationS ?? 2;
  await runFfmpeg([
    ...picture('160x120', 10, d),
    ...tone(d),
    ...h264,
    ...aac,
    ...['-use_editlist', '0', out],
  ]);
  const bytes = await readFile(out);
  const at = bytes.indexOf('mvhd', 0, 'latin1');
  if (at < 0 || bytes[at + 4] !== 0) throw new Error('no version-0 mvhd box to patch');
  // NOTE: version 0 mvhd: 'mvhd', version+flags, creation, modification, timescale, duration.
  const timescale = bytes.readUInt32BE(at + 16);
  const claimed = Math.min(0xffffffff, Math.round((options.claimedS ?? 4_000_000) * timescale));
  bytes.writeUInt32BE(claimed, at + 20);
  await writeFile(out, bytes);
  return out;
}
