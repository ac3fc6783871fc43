// The Kdenlive project against Roughcut's own render of the same cut: Debian's melt (the MLT
// framework Kdenlive renders with) plays the .kdenlive file to the same number of frames, the same
// frame at each cut, and with the source's sound from its A1 track.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe, runMelt } from '../media/ffmpeg-runner.ts';
import { probeMedia } from '../media/probe.ts';
import { renderLongForm } from '../render/long-form.ts';
import { buildTimeline } from './export-timeline.ts';
import { toKdenlive } from './kdenlive.ts';

const run = promisify(execFile);
const [WIDTH, HEIGHT] = [320, 180];
const KEEP = [
  { start: 0.3137, end: 1.2021 },
  { start: 1.71, end: 2.55 },
  { start: 3.013, end: 3.9 },
];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-kdenlive-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const videoFrames = async (path: string): Promise<number> =>
  Number(
    (
      await runFfprobe([
        ...['-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets'],
        ...['-of', 'csv=p=0', path],
      ])
    ).trim(),
  );

/** testsrc2's frame counter (the top-left corner) of every frame, as 8-bit luma. */
async function counters(path: string): Promise<Buffer[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:v:0', '-pix_fmt', 'gray', '-f', 'rawvideo', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const size = WIDTH * HEIGHT;
  return Array.from({ length: stdout.length / size }, (_, i) => {
    const frame = stdout.subarray(i * size, (i + 1) * size);
    return Buffer.concat(
      Array.from({ length: 36 }, (_, y) => frame.subarray(y * WIDTH, y * WIDTH + 100)),
    );
  });
}

const changedShare = (a: Buffer | undefined, b: Buffer | undefined): number => {
  if (!a || !b) throw new Error('no such frame');
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 48) changed++;
  return changed / a.length;
};

/** The sound's mean volume in dB (ffmpeg's volumedetect). */
async function meanVolume(path: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-i',
    path,
    '-map',
    '0:a:0',
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const match = /mean_volume: (-?[\d.]+) dB/.exec(stderr);
  if (!match) throw new Error('no sound');
  return Number(match[1]);
}

describe.each([
  ['25', '25'],
  ['30000/1001', '29.97'],
])('the Kdenlive project of a %s fps source', (rate, label) => {
  it('plays in melt as the render: its frames, each cut, and the sound', async () => {
    const source = join(dir, `source-${label}.mp4`);
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=${rate}:duration=4`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=4'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '48', '-pix_fmt', 'yuv420p'],
      // NOTE: stereo, as melt mixes: it spreads a mono source over two channels 3 dB down.
      ...['-c:a', 'aac', '-ac', '2', '-shortest', source],
    ]);
    const probe = await probeMedia(source, { keyframes: true });
    const input = { title: `Cut at ${label}`, fileName: `source-${label}.mp4`, probe, keep: KEEP };
    const timeline = buildTimeline({ ...input, phrases: [] });
    const rendered = join(dir, `rendered-${label}.mp4`);
    await renderLongForm(source, { outPath: rendered, keep: KEEP, probe });
    const project = join(dir, `project-${label}.kdenlive`);
    await writeFile(project, toKdenlive(timeline));
    const melted = join(dir, `melt-${label}.mkv`);
    // NOTE: from another folder: the project finds its source beside itself, by file name.
    await runMelt(
      [
        project,
        '-consumer',
        `avformat:${melted}`,
        'vcodec=ffv1',
        'acodec=pcm_s16le',
        'real_time=0',
      ],
      { cwd: tmpdir(), env: { ...process.env, HOME: dir }, work: { mediaS: 4 } },
    );
    expect(await videoFrames(melted)).toBe(await videoFrames(rendered));
    expect(await videoFrames(melted)).toBe(timeline.frames);
    const [ours, theirs] = [await counters(rendered), await counters(melted)];
    for (const cut of timeline.cuts.slice(1)) {
      for (const n of [cut.recordIn - 1, cut.recordIn]) {
        expect(changedShare(ours[n], theirs[n]), `frame ${n}`).toBeLessThan(0.002);
        expect(changedShare(ours[n], theirs[n + 1]), `frame ${n}`).toBeGreaterThan(0.005);
      }
    }
    // The sine is at about -21 dB; a project whose sound track hid its sound plays silence.
    const volume = await meanVolume(rendered);
    expect(volume).toBeGreaterThan(-30);
    expect(Math.abs((await meanVolume(melted)) - volume)).toBeLessThan(1);
  });
});
