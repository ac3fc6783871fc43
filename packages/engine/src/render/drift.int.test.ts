// Drift-prone sources through every render path, checked from content: each source flashes and
// clicks together at known marks, and each output must show and sound them together, where the
// kept spans put them, with the kept length, within one frame.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAudio } from '../audio/extract-audio.ts';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import { probeMedia } from '../media/probe.ts';
import { DRIFT_KINDS, makeDriftSource } from '../testing/drift-media.ts';
import type { DriftKind, DriftSource } from '../testing/drift-media.ts';
import { driftFigures, measureMarks, nearest } from '../testing/drift-measure.ts';
import { parseWav } from '../testing/wav.ts';
import type { ProbeResult, Span } from '../types.ts';
import { renderLongForm } from './long-form.ts';
import { renderShortClip } from './short-clip.ts';
import { renderFps, snapSpans } from '../frames/spans.ts';

// NOTE: the first span starts before the sound of audio-late and before the picture of
// audio-early; the last ends near the end of every source. No span edge is on a frame.
const LONG_KEEP: Span[] = [
  { start: 0.25, end: 3.38 },
  { start: 4.05, end: 7.91 },
  { start: 8.62, end: 11.9 },
];
const SHORT_KEEP: Span[] = [
  { start: 5.2, end: 7.35 },
  { start: 8.1, end: 10.9 },
];

let dir = '';
const sources = new Map<DriftKind, { source: DriftSource; probe: ProbeResult }>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-drift-'));
  for (const kind of DRIFT_KINDS) {
    const source = await makeDriftSource(kind, { dir });
    sources.set(kind, { source, probe: await probeMedia(source.path, { keyframes: true }) });
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (kind: DriftKind) => sources.get(kind)!;

/** The sound's length as the container declares it (players stop there). */
async function declaredAudioS(path: string): Promise<number> {
  const out = await runFfprobe([
    ...['-select_streams', 'a:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', path],
  ]);
  return Number(out.trim());
}

async function expectInSync(out: string, kind: DriftKind, keep: Span[]): Promise<void> {
  const { source, probe } = get(kind);
  const fps = renderFps(probe);
  const spans = snapSpans(keep, fps, probe.durationS);
  const measure = await measureMarks(out);
  const figures = driftFigures(measure, source, { spans, fps });
  expect(figures.marks.length).toBeGreaterThanOrEqual(5);
  expect(figures.missing).toBe(0);
  expect(figures.extra).toBe(0);
  expect(Math.abs(figures.startOffsetFrames)).toBeLessThanOrEqual(1);
  expect(Math.abs(figures.endOffsetFrames)).toBeLessThanOrEqual(1);
  expect(figures.worstPlaceFrames).toBeLessThanOrEqual(1);
  expect(Math.abs(figures.videoErrorFrames)).toBeLessThanOrEqual(1);
  expect(Math.abs(figures.audioErrorFrames)).toBeLessThanOrEqual(1);
  expect(Math.abs(measure.video.start) * fps).toBeLessThan(0.5);
  expect(Math.abs(measure.audio.start) * fps).toBeLessThan(0.5);
  expect(Math.abs((await declaredAudioS(out)) - figures.keptS) * fps).toBeLessThanOrEqual(1);
}

describe.each(DRIFT_KINDS)('drift source %s', (kind) => {
  it('flashes and clicks together at its marks, and the analysis hears each click there', async () => {
    const { source, probe } = get(kind);
    const measure = await measureMarks(source.path);
    for (const mark of source.marks) {
      expect(nearest(measure.flashes, mark, 0.5 / source.fps)).not.toBeNull();
      expect(nearest(measure.clicks, mark, 0.002)).not.toBeNull();
    }
    const wavPath = join(dir, `${kind}.wav`);
    await extractAudio(source.path, wavPath, { durationS: probe.durationS });
    const wav = parseWav(await readFile(wavPath));
    const heard: number[] = [];
    wav.samples.forEach((v, i) => {
      const t = i / wav.sampleRate;
      if (Math.abs(v) > 8000 && !(heard.length && t - heard.at(-1)! < 0.2)) heard.push(t);
    });
    for (const mark of source.marks) expect(nearest(heard, mark, 0.002)).not.toBeNull();
  });

  it('long form, smart cut where the source allows it', async () => {
    const { source, probe } = get(kind);
    const out = join(dir, `${kind}-smart.mp4`);
    const result = await renderLongForm(source.path, { outPath: out, keep: LONG_KEEP, probe });
    // NOTE: smart cut copies GOPs where they are, so a picture that starts late is re-encoded.
    const copyable = kind !== 'vfr' && kind !== 'audio-early';
    expect(result.method).toBe(copyable ? 'smart-cut' : 'full-encode');
    await expectInSync(out, kind, LONG_KEEP);
  });

  it('long form, full encode', async () => {
    const { source, probe } = get(kind);
    const out = join(dir, `${kind}-full.mp4`);
    const result = await renderLongForm(source.path, {
      outPath: out,
      keep: LONG_KEEP,
      probe,
      smartCut: false,
    });
    expect(result.method).toBe('full-encode');
    await expectInSync(out, kind, LONG_KEEP);
  });

  it('short clip', async () => {
    const { source, probe } = get(kind);
    const out = join(dir, `${kind}-short.mp4`);
    // NOTE: a small vertical frame keeps the test quick; the path is the same at 1080x1920.
    await renderShortClip(source.path, {
      outPath: out,
      keep: SHORT_KEEP,
      probe,
      width: 180,
      height: 320,
    });
    await expectInSync(out, kind, SHORT_KEEP);
  });
});

describe('sound that goes on after the picture ends', () => {
  it('holds the last picture to the kept length, in the long form and the short clip', async () => {
    const cfr = await makeDriftSource('cfr', { dir });
    const path = join(dir, 'picture-ends-early.mp4');
    // prettier-ignore
    await runFfmpeg([
      '-t', '10', '-i', cfr.path, '-i', cfr.path,
      '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', path,
    ]);
    const probe = await probeMedia(path, { keyframes: true });
    // NOTE: a stream copy ends on a whole frame at or after the 10 s asked for.
    expect(Math.abs(probe.videoEndS! - 10)).toBeLessThan(0.1);
    const keep = [
      { start: 2.25, end: 4.3 },
      { start: 8.25, end: 11.5 },
    ];
    const spans = snapSpans(keep, 30, probe.durationS);
    for (const [name, render] of [
      ['long', (out: string) => renderLongForm(path, { outPath: out, keep, probe })],
      [
        'short',
        (out: string) =>
          renderShortClip(path, { outPath: out, keep, probe, width: 180, height: 320 }),
      ],
    ] as const) {
      const out = join(dir, `picture-ends-early-${name}.mp4`);
      const result = await render(out);
      if ('method' in result) expect(result.method).toBe('full-encode');
      const measure = await measureMarks(out);
      const figures = driftFigures(measure, cfr, { spans, fps: 30 });
      expect(Math.abs(figures.videoErrorFrames)).toBeLessThanOrEqual(1);
      expect(Math.abs(figures.audioErrorFrames)).toBeLessThanOrEqual(1);
      // Marks before the picture's end keep their place and their sync; those after are heard.
      const shown = figures.marks.filter((m) => m.expected < 2.05 + 1.75);
      expect(shown.length).toBeGreaterThanOrEqual(3);
      for (const m of shown) {
        expect(Math.abs(m.flash! - m.expected) * 30).toBeLessThanOrEqual(1);
        expect(Math.abs(m.click! - m.expected) * 30).toBeLessThanOrEqual(1);
      }
      expect(figures.marks.filter((m) => m.click !== null)).toHaveLength(figures.marks.length);
    }
  });
});
