// Smart cut of an in-order source the mp4 reader does not take (Matroska): its untouched frames are
// copied by ffmpeg runs into raw H.264 parts, and the join is the same frames as a full encode.
// And of an .mp4: parts piped from the source or read by ffmpeg runs give the same bytes, and one
// whose pictures stop before its index says fails rather than comes out short.
import { copyFile, mkdtemp, readFile, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import { probeMedia } from '../media/probe.ts';
import type { ProbeResult } from '../types.ts';
import { renderLongForm } from './long-form.ts';
import { runSmartCut } from './smart-cut.ts';
import { renderFps, snapSpans } from '../frames/spans.ts';

const FPS = 30;
let dir = '';
let source = '';
let probe: ProbeResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-smart-cut-'));
  source = join(dir, 'plain.mkv');
  // NOTE: PCM sound, so the picture starts with it (AAC's priming would delay the picture here).
  // prettier-ignore
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}:duration=6`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6:sample_rate=48000',
    '-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-g', '30', '-pix_fmt', 'yuv420p',
    '-c:a', 'pcm_s16le', '-shortest', source,
  ]);
  probe = await probeMedia(source, { keyframes: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const packets = async (path: string) =>
  Number(
    // prettier-ignore
    (await runFfprobe([
      '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets',
      '-of', 'csv=p=0', path,
    ])).trim(),
  );

async function minPsnr(a: string, b: string): Promise<number> {
  const lines: string[] = [];
  await runFfmpeg(['-i', a, '-i', b, '-lavfi', '[0:v][1:v]psnr', '-f', 'null', '-'], {
    logLevel: 'info',
    onStderrLine: (l) => lines.push(l),
  });
  return Number(/min:([\d.]+|inf)/.exec(lines.find((l) => l.includes('PSNR')) ?? '')?.[1]);
}

describe('smart cut of a Matroska source without B-frames', () => {
  it('copies through ffmpeg runs and joins the same frames as the full encode', async () => {
    const keep = [
      { start: 0.4, end: 2.53 },
      { start: 3.1, end: 5.6 },
    ];
    const full = join(dir, 'full.mp4');
    await renderLongForm(source, { outPath: full, keep, probe, smartCut: false });
    const out = join(dir, 'smart.mp4');
    const result = await renderLongForm(source, { outPath: out, keep, probe, smartCut: true });
    expect(result.method).toBe('smart-cut');
    expect(await packets(out)).toBe(await packets(full));
    expect(await minPsnr(full, out)).toBeGreaterThan(30);
  });
});

describe('smart cut of an .mp4 without B-frames', () => {
  let mp4 = '';
  let mp4Probe: ProbeResult;
  beforeAll(async () => {
    mp4 = join(dir, 'plain.mp4');
    // prettier-ignore
    await runFfmpeg([
      '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}:duration=6`,
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6:sample_rate=48000',
      '-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-g', '30', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-movflags', '+faststart', '-shortest', mp4,
    ]);
    mp4Probe = await probeMedia(mp4, { keyframes: true });
  });

  const md5 = async (path: string) =>
    // prettier-ignore
    runFfmpeg(['-i', path, '-map', '0', '-c', 'copy', '-f', 'md5', join(dir, 'sum.md5')]).then(
      () => readFile(join(dir, 'sum.md5'), 'utf8'),
    );

  it('gives the same bytes with its parts piped from the source as with ffmpeg reading it', async () => {
    const keep = [
      { start: 0.4, end: 1.7 },
      { start: 2.35, end: 3.2 },
      { start: 3.5, end: 5.6 },
    ];
    const spans = snapSpans(keep, renderFps(mp4Probe), mp4Probe.durationS);
    const sums: string[] = [];
    for (const pipeParts of [true, false]) {
      const work = await mkdtemp(join(dir, 'pipes-'));
      const outPath = join(dir, `piped-${pipeParts}.mp4`);
      await runSmartCut({ inputPath: mp4, outPath, dir: work, spans, probe: mp4Probe, pipeParts });
      sums.push(await md5(outPath));
    }
    expect(sums[0]).toMatch(/^MD5=[0-9a-f]{32}/);
    expect(sums[0]).toBe(sums[1]);
  });

  it('fails with a message to upload again when its pictures end before its index says', async () => {
    const cut = join(dir, 'cut-short.mp4');
    await copyFile(mp4, cut);
    await truncate(cut, Math.floor((await stat(mp4)).size * 0.6));
    const out = join(dir, 'from-cut-short.mp4');
    const keep = [
      { start: 0.4, end: 2.5 },
      { start: 4.1, end: 5.6 },
    ];
    const spans = snapSpans(keep, renderFps(mp4Probe), mp4Probe.durationS);
    const work = await mkdtemp(join(dir, 'cut-short-'));
    const pending = runSmartCut({
      ...{ inputPath: cut, outPath: out, dir: work, spans, probe: mp4Probe },
      pipeParts: true,
    });
    await expect(pending).rejects.toThrow(/could not be read|Upload it again/);
    await expect(stat(out)).rejects.toThrow();
  });
});
