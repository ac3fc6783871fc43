// The editor exports against Roughcut's own render of the same kept spans, at the four common
// rates and 59.94: each parsed back sums to the rendered length within a frame, and Debian's melt
// (the MLT framework behind Shotcut and Kdenlive) renders the MLT project to the same length, the
// same frame at each cut, and each caption on exactly its frames.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TIMELINE_FORMATS } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe, runMelt } from '../media/ffmpeg-runner.ts';
import { probeMedia } from '../media/probe.ts';
import { renderLongForm } from '../render/long-form.ts';
import { readLength, readTimeline } from '../testing/timeline-readback.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput, Timeline } from './export-timeline.ts';
import { framesToSeconds, parseTimecode } from './frame-time.ts';
import { readStrictEdl } from './strict-readers.fixtures.ts';

const run = promisify(execFile);
const WIDTH = 320;
const HEIGHT = 180;
const KEEP = [
  { start: 0.3137, end: 1.2021 },
  { start: 1.71, end: 2.55 },
  { start: 3.013, end: 3.9 },
];

// NOTE: the second goes on over a cut; '#' is a keyword mark to MLT's text filter.
const PHRASES = [
  { start: 0.45, end: 0.95, phrase: 'First words' },
  { start: 1.0, end: 1.85, phrase: 'across the cut' },
  { start: 1.9, end: 2.5, phrase: 'Tom & "Jerry" #1' },
  { start: 3.2, end: 3.8, phrase: 'The end of the cut' },
];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-exports-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A 4 s source: testsrc2 (a frame counter in its corner) with a tone, GOPs longer than a cut, and
 * a camera's start timecode when given (a tmcd track, as phones write it).
 */
async function makeSource(rate: string, name: string, timecode?: string): Promise<string> {
  const path = join(dir, name);
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=${rate}:duration=4`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '48', '-pix_fmt', 'yuv420p'],
    ...(timecode ? ['-timecode', timecode] : []),
    ...['-c:a', 'aac', '-shortest', path],
  ]);
  return path;
}

const videoFrames = async (path: string): Promise<number> =>
  Number(
    (
      await runFfprobe([
        ...['-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets'],
        ...['-of', 'csv=p=0', path],
      ])
    ).trim(),
  );

const formatDuration = async (path: string): Promise<number> =>
  Number((await runFfprobe(['-show_entries', 'format=duration', '-of', 'csv=p=0', path])).trim());

/** Every frame of a video as 8-bit luma, decoded once. */
async function lumaFrames(path: string): Promise<Buffer[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:v:0', '-pix_fmt', 'gray', '-f', 'rawvideo', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const size = WIDTH * HEIGHT;
  return Array.from({ length: stdout.length / size }, (_, i) =>
    stdout.subarray(i * size, (i + 1) * size),
  );
}

/** Rows [from, to) of a frame. */
const rows = (frame: Buffer | undefined, from: number, to: number): Buffer => {
  if (!frame) throw new Error('no such frame');
  return frame.subarray(from * WIDTH, to * WIDTH);
};

/** testsrc2's frame counter: the top-left corner, whose digits change with every frame. */
const counter = (frame: Buffer | undefined): Buffer => {
  if (!frame) throw new Error('no such frame');
  const rows = Array.from({ length: 36 }, (_, y) => frame.subarray(y * WIDTH, y * WIDTH + 100));
  return Buffer.concat(rows);
};

const meanDifference = (a: Buffer, b: Buffer): number => {
  expect(a.length).toBeGreaterThan(0);
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

/** The share of pixels that differ by more than encoding noise does. */
const changedShare = (a: Buffer, b: Buffer): number => {
  expect(a.length).toBe(b.length);
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 48) changed++;
  return changed / a.length;
};

describe.each([
  ['24000/1001', '23.976'],
  ['25', '25'],
  ['30000/1001', '29.97'],
  ['30', '30'],
  ['60000/1001', '59.94'],
])('editor exports of a %s fps source', (rate, label) => {
  let input: ExportInput;
  let timeline: Timeline;
  let rendered = '';

  beforeAll(async () => {
    const source = await makeSource(rate, `source-${label}.mp4`);
    const probe = await probeMedia(source, { keyframes: true });
    input = {
      title: `Cut at ${label}`,
      fileName: `source-${label}.mp4`,
      probe,
      keep: KEEP,
      phrases: PHRASES,
    };
    timeline = buildTimeline(input);
    rendered = join(dir, `rendered-${label}.mp4`);
    await renderLongForm(source, { outPath: rendered, keep: KEEP, probe });
  });

  it('every timeline export, parsed back, sums to the rendered length within one frame', async () => {
    const frames = await videoFrames(rendered);
    const seconds = await formatDuration(rendered);
    const oneFrame = framesToSeconds(1, timeline.rate);
    for (const format of TIMELINE_FORMATS) {
      const text = writeExport(format, input);
      const read = readTimeline(format, text, timeline.rate);
      const summed = read.video.reduce((sum, c) => sum + c.sourceOut - c.sourceIn, 0);
      expect(summed, format).toBe(readLength(read.video));
      expect(Math.abs(summed - frames), format).toBeLessThanOrEqual(1);
      expect(Math.abs(framesToSeconds(summed, read.rate) - seconds), format).toBeLessThanOrEqual(
        oneFrame,
      );
    }
  });

  it('melt renders the MLT project to the same length, the same frame at each cut, and its captions on their frames', async () => {
    const project = join(dir, `project-${label}.mlt`);
    await writeFile(project, writeExport('mlt', input));
    const melted = join(dir, `melt-${label}.mkv`);
    // NOTE: run from another folder: the project finds its source beside itself, by file name.
    // NOTE: inside the same memory and time ceilings as every ffmpeg run (run-limits.ts).
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
    const oneFrame = framesToSeconds(1, timeline.rate);
    expect(Math.abs((await videoFrames(melted)) - (await videoFrames(rendered)))).toBe(0);
    expect(
      Math.abs((await formatDuration(melted)) - (await formatDuration(rendered))),
    ).toBeLessThanOrEqual(oneFrame);
    // The same frame differs only by encoding noise, a neighbour by whole digits of the counter.
    const ours = await lumaFrames(rendered);
    const theirs = await lumaFrames(melted);
    for (const cut of timeline.cuts.slice(1)) {
      for (const n of [cut.recordIn - 1, cut.recordIn]) {
        const same = changedShare(counter(ours[n]), counter(theirs[n]));
        const neighbour = Math.min(
          changedShare(counter(ours[n]), counter(theirs[n - 1])),
          changedShare(counter(ours[n]), counter(theirs[n + 1])),
        );
        expect(same, `frame ${n}`).toBeLessThan(0.002);
        expect(neighbour, `frame ${n}`).toBeGreaterThan(0.005);
        // NOTE: above the captions, which Roughcut's render here does not burn.
        const top = (frame: Buffer | undefined) => rows(frame, 0, HEIGHT / 2);
        expect(meanDifference(top(ours[n]), top(theirs[n])), `frame ${n}`).toBeLessThan(4);
      }
    }
    // Each caption shows from its first frame to its last on the cut timeline, and not around it.
    expect(timeline.captions.map((c) => c.text)).toEqual(PHRASES.map((p) => p.phrase));
    const bottom = (frame: Buffer | undefined) => rows(frame, (HEIGHT * 3) / 5, HEIGHT);
    const shown = (n: number) => timeline.captions.some((c) => n >= c.recordIn && n < c.recordOut);
    for (const caption of timeline.captions) {
      const around = [
        caption.recordIn - 1,
        caption.recordIn,
        caption.recordOut - 1,
        caption.recordOut,
      ];
      for (const n of around.filter((f) => f >= 0 && f < timeline.frames)) {
        const changed = changedShare(bottom(ours[n]), bottom(theirs[n]));
        expect(changed > 0.02, `caption "${caption.text}" at frame ${n}: ${changed}`).toBe(
          shown(n),
        );
      }
      // NOTE: the caption's clip is see-through: above the caption the picture is the app's.
      const middle = Math.floor((caption.recordIn + caption.recordOut) / 2);
      const top = (frame: Buffer | undefined) => rows(frame, 0, HEIGHT / 2);
      expect(
        meanDifference(top(ours[middle]), top(theirs[middle])),
        `above caption "${caption.text}" at frame ${middle}`,
      ).toBeLessThan(4);
    }
  });
});

describe.each([
  ['30000/1001', '14:03:22;12'],
  ['25', '10:00:00:00'],
])('a %s fps source with a start timecode %s', (rate, timecode) => {
  it('goes through the probe into every source timecode, read back by strict readers', async () => {
    const name = `timecode-${rate.replace('/', '-')}.mp4`;
    const probe = await probeMedia(await makeSource(rate, name, timecode), { keyframes: true });
    expect(probe.timecode).toBe(timecode);
    const input = { title: 'Timecoded', fileName: name, probe, keep: KEEP, phrases: PHRASES };
    const timeline = buildTimeline(input);
    const start = parseTimecode(timecode, timeline.rate);
    expect(timeline.sourceStart).toBe(start);
    const edl = readStrictEdl(writeExport('edl', input), timeline.rate, 0);
    expect(edl.dropFrame).toBe(timecode.includes(';'));
    expect(edl.events.map((e) => [e.sourceIn, e.sourceOut, e.recordIn])).toEqual(
      timeline.cuts.map((c) => [start + c.sourceIn, start + c.sourceOut, c.recordIn]),
    );
    for (const format of ['fcpxml', 'xmeml', 'otio'] as const) {
      const read = readTimeline(format, writeExport(format, input), timeline.rate);
      expect(read.sourceStart, format).toBe(start);
      expect(read.video, format).toEqual(timeline.cuts);
      expect(read.audio, format).toEqual(timeline.cuts);
    }
  });
});
