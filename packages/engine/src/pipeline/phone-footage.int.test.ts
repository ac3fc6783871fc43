// Phone footage end to end (issue 34): each kind of source creators really upload goes through the
// edit the way the server runs it (probe, analysis, the long form's kept spans, its render, every
// export), and comes out right: the render in sync within a frame at its first and last mark,
// constant-rate and upright; every timeline summing to the render within a frame; melt rendering
// the MLT project to the render's own frames.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { TIMELINE_FORMATS, TRANSCRIPT_FORMATS } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipKeep, renderClipPlan } from '../render/engine-clip.ts';
import { renderFps, snapSpans } from '../frames/spans.ts';
import { writeExport } from '../exports/export-formats.ts';
import { buildTimeline } from '../exports/export-timeline.ts';
import type { ExportInput, Timeline } from '../exports/export-timeline.ts';
import { framesToSeconds, parseTimecode, rateOf, timecodeFrames } from '../exports/frame-time.ts';
import { probeMedia } from '../media/probe.ts';
import { driftFigures, measureMarks } from '../testing/drift-measure.ts';
import type { DriftFigures, MarkMeasure } from '../testing/drift-measure.ts';
import { PHONE_KINDS, makePhoneSource } from '../testing/phone-media.ts';
import type { PhoneSource } from '../testing/phone-media.ts';
import {
  frameDurations,
  meltRender,
  streamFacts,
  topAndBottomLuma,
  videoFrames,
} from '../testing/phone-checks.ts';
import { readLength, readTimeline } from '../testing/timeline-readback.ts';
import type { ProbeResult, Span } from '../types.ts';
import { analyseVideo } from './analyse.ts';

/**
 * One frame, in frames at `fps`, as the marks measure it. NOTE: give or take a millisecond: a
 * click's first loud sample comes up to 0.1 ms after its mark, and Matroska (melt's output here)
 * keeps times in whole milliseconds, so a picture exactly one frame late reads a hair over it.
 */
const aFrame = (fps: number): number => 1 + 0.001 * fps;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-phone-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Edited = {
  source: PhoneSource;
  probe: ProbeResult;
  keep: Span[];
  rendered: string;
  output: ProbeResult;
  input: ExportInput;
  timeline: Timeline;
};

/**
 * Upload to render as the server's jobs run it: the analysis (its probe, with keyframes, pinned
 * for the render and the exports), the long form's default cut, its render.
 */
async function editAndRender(source: PhoneSource): Promise<Edited> {
  const analysis = await analyseVideo(source.path, {
    workDir: join(dir, `${source.kind}-work`),
    language: 'en',
    maxWordsInPhrase: 5,
    steps: { longForm: true, shortForm: false },
  });
  const { probe } = analysis;
  const clip = analysis.clips.find((c) => c.is_long_form);
  if (!clip) throw new Error('the analysis made no long form');
  // NOTE: the server's default cut: every detected silence, fillers kept (clip-plan.rules.ts).
  const keep = clipKeep(clip, analysis.gaps);
  const rendered = join(dir, `${source.kind}-long.mp4`);
  await renderClipPlan(source.path, {
    probe,
    outPath: rendered,
    plan: { isLongForm: true, keptSpans: keep, segments: clip.segments, subtitles: null },
  });
  const input: ExportInput = {
    title: `Phone ${source.kind}`,
    fileName: basename(source.path),
    probe,
    keep,
    phrases: clip.segments.filter((s) => s.phrase.trim() !== ''),
  };
  return {
    source,
    probe,
    keep,
    rendered,
    output: await probeMedia(rendered),
    input,
    timeline: buildTimeline(input),
  };
}

describe.each(PHONE_KINDS)('phone footage: %s', (kind) => {
  let edit: Edited;
  let marks: MarkMeasure;
  beforeAll(async () => {
    edit = await editAndRender(await makePhoneSource(kind, { dir }));
    marks = await measureMarks(edit.rendered);
  });
  /** Where the source's marks landed in a render of the kept spans, and how far apart. */
  const placed = (measure: MarkMeasure) => {
    const fps = renderFps(edit.probe);
    const spans = snapSpans(edit.keep, fps, edit.probe.durationS);
    return driftFigures(measure, edit.source, { spans, fps });
  };
  /** An upright picture (its light bar on top) half a second after the first mark's flash. */
  const expectUpright = async (file: string, figures: DriftFigures) => {
    const { top, bottom } = await topAndBottomLuma(file, figures.marks[0]!.expected + 0.5);
    expect(top - bottom).toBeGreaterThan(80);
  };

  it('is the footage it stands for, and the probe reads it so', async () => {
    const { source, probe } = edit;
    const facts = await streamFacts(source.path);
    expect(probe.audioSampleRate).toBe(48_000);
    expect(probe.audioChannels).toBe(source.channels);
    expect(probe.videoCodec).toBe(source.codec);
    expect(probe.rotation).toBe(source.rotation);
    expect([probe.displayWidth, probe.displayHeight]).toEqual([
      source.display.width,
      source.display.height,
    ]);
    expect(facts.timecode).toBe(source.timecode);
    expect(probe.timecode).toBe(source.timecode);
    if (source.jitter) {
      // Real jitter: frame durations spread, not two values on a grid, and a picture shown half
      // again as long as another (a big jitter or a dropped frame).
      const durations = await frameDurations(source.path);
      expect(new Set(durations.map((d) => d.toFixed(4))).size).toBeGreaterThanOrEqual(3);
      expect(Math.max(...durations) / Math.min(...durations)).toBeGreaterThan(1.5);
      expect(probe.variableFrameRate).toBe(true);
      if (source.dropEvery) {
        // NOTE: the container gives no hint here (its average is within 1% of r_frame_rate):
        // only the frame times tell the rate varies.
        expect(Math.abs(facts.averageFps / facts.realFps - 1)).toBeLessThan(0.01);
      }
    } else {
      expect(probe.variableFrameRate).toBe(false);
      expect(probe.fps).toBeCloseTo(source.fps, 6);
    }
  });

  it('keeps both sentences and cuts the pause between them', () => {
    expect(edit.keep.length).toBeGreaterThanOrEqual(2);
    for (const mark of edit.source.marks) {
      expect(
        edit.keep.some((s) => s.start < mark - 0.15 && s.end > mark + 0.15),
        `${mark}`,
      ).toBe(true);
    }
  });

  it('renders in sync within a frame at the start and the end, constant-rate and upright', async () => {
    const { source, probe, output } = edit;
    const fps = renderFps(probe);
    const figures = placed(marks);
    expect(figures.marks.length).toBe(source.marks.length);
    expect(figures.missing).toBe(0);
    expect(figures.extra).toBe(0);
    expect(Math.abs(figures.startOffsetFrames)).toBeLessThanOrEqual(aFrame(fps));
    expect(Math.abs(figures.endOffsetFrames)).toBeLessThanOrEqual(aFrame(fps));
    expect(figures.worstPlaceFrames).toBeLessThanOrEqual(aFrame(fps));
    expect(Math.abs(figures.videoErrorFrames)).toBeLessThanOrEqual(1);
    expect(Math.abs(figures.audioErrorFrames)).toBeLessThanOrEqual(1);
    // Constant rate at the timeline's rate, the picture shown as recorded and turned only once.
    expect(output.variableFrameRate).toBe(false);
    expect(output.fps).toBeCloseTo(fps, 6);
    // NOTE: within a millisecond: 1001/24000 s is 3753.75 ticks of the render's 1/90000 clock.
    const durations = await frameDurations(edit.rendered);
    expect(Math.max(...durations) - Math.min(...durations)).toBeLessThan(0.001);
    expect([output.displayWidth, output.displayHeight]).toEqual([
      source.display.width,
      source.display.height,
    ]);
    expect(output.rotation).toBe(0);
    if (source.rotation) await expectUpright(edit.rendered, figures);
    expect(output.audioSampleRate).toBe(48_000);
  });

  it('every export writes, and each timeline sums to the render within one frame', async () => {
    const { input, timeline, rendered, output } = edit;
    const frames = await videoFrames(rendered);
    const rate = rateOf(renderFps(edit.probe));
    expect(timeline.rate).toEqual(rate);
    const oneFrame = framesToSeconds(1, rate);
    const start = timecodeFrames(edit.source.timecode, rate);
    expect(timeline.sourceStart).toBe(start);
    if (edit.source.timecode) expect(start).toBeGreaterThan(0);
    for (const format of TIMELINE_FORMATS) {
      const read = readTimeline(format, writeExport(format, input), timeline.rate);
      expect(read.rate, format).toEqual(rate);
      // A camera's start timecode is where the source side counts from, where a format says.
      if (read.sourceStart !== undefined) expect(read.sourceStart, format).toBe(start);
      const summed = read.video.reduce((sum, c) => sum + c.sourceOut - c.sourceIn, 0);
      expect(summed, format).toBe(readLength(read.video));
      expect(
        read.audio.reduce((sum, c) => sum + c.sourceOut - c.sourceIn, 0),
        format,
      ).toBe(summed);
      expect(Math.abs(summed - frames), format).toBeLessThanOrEqual(1);
      expect(
        Math.abs(framesToSeconds(summed, rate) - output.durationS),
        format,
      ).toBeLessThanOrEqual(oneFrame);
    }
    const dropFrame = rate.den === 1001 && (rate.num === 30_000 || rate.num === 60_000);
    const edl = writeExport('edl', input);
    expect(edl).toContain(dropFrame ? 'FCM: DROP FRAME' : 'FCM: NON-DROP');
    // The first event's source in is the timecode of its first frame.
    const firstIn = /^001 .* C +(\S+) /m.exec(edl)?.[1] ?? '';
    expect(parseTimecode(firstIn, rate)).toBe(start + timeline.cuts[0]!.sourceIn);
    // The transcripts run on the cut timeline: their last words end by the render's end.
    for (const format of TRANSCRIPT_FORMATS) {
      expect(writeExport(format, input).trim(), format).not.toBe('');
    }
    const ends = [...writeExport('srt', input).matchAll(/--> (\d+):(\d+):(\d+),(\d+)/g)].map(
      ([, h, m, sec, ms]) => Number(h) * 3600 + Number(m) * 60 + Number(sec) + Number(ms) / 1000,
    );
    expect(ends.length).toBeGreaterThan(0);
    expect(Math.max(...ends)).toBeLessThanOrEqual(output.durationS + oneFrame);
    const ass = writeExport('ass', input);
    expect(ass).toContain(`PlayResX: ${output.displayWidth}\nPlayResY: ${output.displayHeight}`);
  });

  it('melt renders the MLT project to the same frames, size and sync', async () => {
    const { source, rendered, timeline } = edit;
    const project = join(dir, `${kind}.mlt`);
    await writeFile(project, writeExport('mlt', edit.input));
    const melted = join(dir, `${kind}-melt.mkv`);
    await meltRender(project, melted, { home: dir, mediaS: source.durationS });
    expect(await videoFrames(melted)).toBe(await videoFrames(rendered));
    const theirs = await probeMedia(melted, { scanPackets: false });
    expect([theirs.displayWidth, theirs.displayHeight]).toEqual([timeline.width, timeline.height]);
    const figures = placed(await measureMarks(melted));
    const fps = renderFps(edit.probe);
    expect(figures.missing).toBe(0);
    expect(Math.abs(figures.startOffsetFrames)).toBeLessThanOrEqual(aFrame(fps));
    expect(Math.abs(figures.endOffsetFrames)).toBeLessThanOrEqual(aFrame(fps));
    expect(figures.worstPlaceFrames).toBeLessThanOrEqual(aFrame(fps));
    if (source.rotation) await expectUpright(melted, figures);
  });
});
