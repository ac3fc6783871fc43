// Finds the flashes and clicks of a drift source (drift-media.ts) in a file, at the times a player
// presents them: every decoded frame and sound sample is placed by its own timestamp (-copyts, so
// no start offset of the file is hidden), after the demuxer has applied any edit list.
import { runFfmpeg, streamFfmpeg } from '../media/ffmpeg-runner.ts';
import { formatSeconds } from '../frames/spans.ts';
import type { FrameSpan } from '../frames/spans.ts';

export type StreamExtent = { start: number; end: number };

export type MarkMeasure = {
  /** Where each flash starts (the first white frame's time). */
  flashes: number[];
  /** Where each click starts (its first loud sample's time). */
  clicks: number[];
  video: StreamExtent;
  audio: StreamExtent;
};

/** Mean luma (0-255 on a full-range grey picture) above which a frame is a flash. */
const FLASH_LUMA = 170;
/** Sample level (of 32767) above which the sound is a click; the track is silent otherwise. */
const CLICK_LEVEL = 8000;
/** Loud samples closer than this belong to the same click. */
const CLICK_GAP_S = 0.2;

/** Time window to decode, on the file's timeline; the whole file when left out. */
export type MeasureWindow = { fromS?: number; toS?: number };

/**
 * The input arguments for a window, and what to add to the times ffmpeg prints.
 * WARNING: showinfo prints times to 6 significant digits (10 ms after 1000 s), so a window late in
 * a long file is read from its own start (-ss without -copyts, exact to the sample) and shifted.
 */
function windowInput(path: string, w: MeasureWindow): { args: string[]; shiftS: number } {
  const from = w.fromS ?? 0;
  const length = w.toS !== undefined ? ['-t', formatSeconds(w.toS - from)] : [];
  if (from > 0) return { args: ['-ss', formatSeconds(from), ...length, '-i', path], shiftS: from };
  return { args: ['-copyts', ...length, '-i', path], shiftS: 0 };
}

async function measureVideo(path: string, w: MeasureWindow) {
  const frames: { t: number; luma: number }[] = [];
  const input = windowInput(path, w);
  await runFfmpeg(
    [
      ...input.args,
      ...['-map', '0:v:0', '-vf', 'scale=16:16,format=gray,showinfo', '-f', 'null', '-'],
    ],
    {
      logLevel: 'info',
      onStderrLine: (line) => {
        const m = /pts_time:(-?[\d.]+).*mean:\[(\d+)/.exec(line);
        if (m) frames.push({ t: input.shiftS + Number(m[1]), luma: Number(m[2]) });
      },
    },
  );
  const flashes = frames
    .filter((f, i) => f.luma > FLASH_LUMA && !(i > 0 && frames[i - 1]!.luma > FLASH_LUMA))
    .map((f) => f.t);
  const last = frames.at(-1);
  const step = frames.length > 1 ? last!.t - frames.at(-2)!.t : 0;
  return { flashes, extent: { start: frames[0]?.t ?? NaN, end: (last?.t ?? NaN) + step } };
}

async function measureAudio(path: string, w: MeasureWindow) {
  const frames: { t: number; samples: number; rate: number }[] = [];
  const input = windowInput(path, w);
  const decode = streamFfmpeg(
    [
      ...input.args,
      ...['-map', '0:a:0', '-af', 'aformat=sample_fmts=s16:channel_layouts=mono,ashowinfo'],
      ...['-f', 's16le', 'pipe:1'],
    ],
    {
      logLevel: 'info',
      onStderrLine: (line) => {
        const m = /pts_time:(-?[\d.]+).* rate:(\d+) nb_samples:(\d+)/.exec(line);
        if (m) {
          frames.push({
            t: input.shiftS + Number(m[1]),
            rate: Number(m[2]),
            samples: Number(m[3]),
          });
        }
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of decode.stdout as AsyncIterable<Buffer>) chunks.push(chunk);
  await decode.done;
  const bytes = Buffer.concat(chunks);
  const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
  const clicks: number[] = [];
  let index = 0;
  let lastLoud = -Infinity;
  for (const frame of frames) {
    for (let i = 0; i < frame.samples && index + i < pcm.length; i++) {
      if (Math.abs(pcm[index + i]!) < CLICK_LEVEL) continue;
      const t = frame.t + i / frame.rate;
      if (t - lastLoud > CLICK_GAP_S) clicks.push(t);
      lastLoud = t;
    }
    index += frame.samples;
  }
  const last = frames.at(-1);
  return {
    clicks,
    extent: {
      start: frames[0]?.t ?? NaN,
      end: last ? last.t + last.samples / last.rate : NaN,
    },
  };
}

export async function measureMarks(path: string, window: MeasureWindow = {}): Promise<MarkMeasure> {
  const [video, audio] = await Promise.all([
    measureVideo(path, window),
    measureAudio(path, window),
  ]);
  return { flashes: video.flashes, clicks: audio.clicks, video: video.extent, audio: audio.extent };
}

/** Where a source time lands in a render of the frame spans: null when it was cut. */
export function mapThroughSpans(
  t: number,
  spans: readonly FrameSpan[],
  fps: number,
): number | null {
  let before = 0;
  for (const span of spans) {
    const start = span.first / fps;
    const end = span.end / fps;
    if (t >= start && t < end) return before + t - start;
    before += end - start;
  }
  return null;
}

/** The measured time nearest to `t`, or null when none is within `toleranceS`. */
export function nearest(times: readonly number[], t: number, toleranceS: number): number | null {
  let best: number | null = null;
  for (const x of times) if (best === null || Math.abs(x - t) < Math.abs(best - t)) best = x;
  return best !== null && Math.abs(best - t) <= toleranceS ? best : null;
}

export type MarkFound = { expected: number; flash: number | null; click: number | null };

/** A render's drift, in output frames. */
export type DriftFigures = {
  keptS: number;
  /** Picture and sound length (as decoded) minus the kept length. */
  videoErrorFrames: number;
  audioErrorFrames: number;
  /** Click minus flash at the first and the last mark of the output. */
  startOffsetFrames: number;
  endOffsetFrames: number;
  /** The furthest any flash or click is from where its mark belongs. */
  worstPlaceFrames: number;
  marks: MarkFound[];
  /** Expected marks with no flash or no click near them, and flashes or clicks with no mark. */
  missing: number;
  extra: number;
};

/** Half a mark period: anything further from a mark is not that mark. */
const MATCH_S = 0.45;

/**
 * Compares a render's measured marks with the source's, mapped through the kept frame spans.
 * With `windows`, only marks inside them are expected (a long output measured at both ends).
 */
export function driftFigures(
  measure: MarkMeasure,
  source: { marks: readonly number[] },
  render: { spans: readonly FrameSpan[]; fps: number; windows?: readonly MeasureWindow[] },
): DriftFigures {
  const { fps } = render;
  const keptS = render.spans.reduce((sum, s) => sum + s.end - s.first, 0) / fps;
  // NOTE: a mark right at the end may be cut before its flash shows; it is not counted either way.
  const inWindow = (t: number) =>
    t < keptS - 0.15 &&
    (!render.windows ||
      render.windows.some((w) => t >= (w.fromS ?? 0) + 0.1 && t <= (w.toS ?? Infinity) - 0.1));
  const expected = source.marks
    .map((m) => mapThroughSpans(m, render.spans, fps))
    .filter((t): t is number => t !== null && inWindow(t));
  const marks = expected.map((t) => ({
    expected: t,
    flash: nearest(measure.flashes, t, MATCH_S),
    click: nearest(measure.clicks, t, MATCH_S),
  }));
  const found = marks.filter((m) => m.flash !== null && m.click !== null);
  const offset = (m: MarkFound | undefined) =>
    m && m.flash !== null && m.click !== null ? (m.click - m.flash) * fps : NaN;
  const places = found.flatMap((m) => [m.flash! - m.expected, m.click! - m.expected]);
  const unmatched = (times: readonly number[]) =>
    times.filter((t) => inWindow(t) && !expected.some((e) => Math.abs(e - t) <= MATCH_S)).length;
  return {
    keptS,
    videoErrorFrames: (measure.video.end - measure.video.start - keptS) * fps,
    audioErrorFrames: (measure.audio.end - measure.audio.start - keptS) * fps,
    startOffsetFrames: offset(found[0]),
    endOffsetFrames: offset(found.at(-1)),
    worstPlaceFrames: Math.max(0, ...places.map((d) => Math.abs(d) * fps)),
    marks,
    missing: marks.length - found.length,
    extra: unmatched(measure.flashes) + unmatched(measure.clicks),
  };
}
