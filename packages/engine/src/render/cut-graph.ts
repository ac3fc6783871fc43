// The filter graph that joins kept spans of the picture: one `select` pass (no split, so memory stays
// flat however many gaps are cut). The sound is cut apart from it, sample-exactly (sound-cut.ts).
import { formatSeconds, fpsRational } from '../frames/spans.ts';
import type { FrameSpan } from '../frames/spans.ts';

export type CutGraphOptions = {
  spans: readonly FrameSpan[];
  fps: number;
  /** Where the input was seeked to (-ss): span times are relative to it. */
  offsetS: number;
  /** Seconds to hold the last picture for, where the kept spans go on after the picture ends. */
  holdEndS?: number;
  /** Filters appended to the joined picture (crop, scale, ass...), already escaped. */
  videoTail?: readonly string[];
};

/** The seek point and input length that bound decoding to what the spans need. */
export function inputWindow(
  spans: readonly FrameSpan[],
  fps: number,
  leadS = 1,
): { offsetS: number; lengthS: number } {
  const first = spans[0]?.first ?? 0;
  const last = spans[spans.length - 1]?.end ?? 0;
  const offsetS = Math.max(0, first / fps - leadS);
  return { offsetS, lengthS: last / fps - offsetS + leadS };
}

// WARNING: ffmpeg's expression parser rejects a flat sum of more than 100 terms (ENOMEM), so long
// sums are nested in parenthesised groups.
const MAX_SUM_TERMS = 50;

/** `a+b+c...` of any length, as nested groups of at most MAX_SUM_TERMS terms. */
export function sumExpression(terms: readonly string[]): string {
  if (terms.length <= MAX_SUM_TERMS) return terms.join('+');
  const groups: string[] = [];
  for (let i = 0; i < terms.length; i += MAX_SUM_TERMS) {
    groups.push(`(${terms.slice(i, i + MAX_SUM_TERMS).join('+')})`);
  }
  return sumExpression(groups);
}

export function buildCutFilterGraph(options: CutGraphOptions): string {
  const { spans, fps, offsetS } = options;
  const rate = fpsRational(fps);
  // NOTE: half-frame margins make the selection immune to rounding of frame times.
  const rel = (frame: number) => formatSeconds(Math.max(0, (frame - 0.5) / fps - offsetS));
  const between = sumExpression(spans.map((s) => `between(t,${rel(s.first)},${rel(s.end)})`));
  // NOTE: every frame is first placed on the output grid by its own time, counted from the seek
  // point: a variable rate becomes constant, and a picture that starts late (a stream offset or
  // an edit list) holds its first frame from 0 instead of sliding everything earlier. One that
  // ends before the sound holds its last frame.
  // WARNING: the hold must be bounded: after an endless tpad ffmpeg never finishes.
  const hold = options.holdEndS ?? 0;
  const video = [
    `fps=${rate}:start_time=0`,
    ...(hold > 0 ? [`tpad=stop_mode=clone:stop_duration=${formatSeconds(hold)}`] : []),
    `select='${between}'`,
    `setpts=N/(${rate})/TB`,
    ...(options.videoTail ?? []),
  ].join(',');
  return `[0:v:0]${video}[v]`;
}

/**
 * Escapes a value (a file path) for an option inside a filter graph: first for the filter's option
 * parser, then for the graph parser, as ffmpeg-filters(1) "Notes on filtergraph escaping" says.
 */
export function escapeFilterPath(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** The libass burn-in filter for an .ass file (and the folder of the fonts it names). */
export function assFilter(assPath: string, fontsDir?: string): string {
  const parts = [`ass=filename=${escapeFilterPath(assPath)}`];
  if (fontsDir) parts.push(`fontsdir=${escapeFilterPath(fontsDir)}`);
  return parts.join(':');
}
