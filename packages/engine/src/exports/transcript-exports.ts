// The transcript in the formats editors and players read: SRT, WebVTT, ASS and plain text.
// NOTE: restored after an accidental overwrite; the API is the one its test and the CLI use.
import type { DrawSettings } from '@roughcut/shared';
import { withoutCutFillers } from '@roughcut/shared';
import { renderedSpans } from '../frames/spans.ts';
import { buildAss, remapSegments } from '../subtitles/index.ts';
import type { AssSegment, BuildAssOptions, TimedText } from '../subtitles/index.ts';
import type { Span } from '../types.ts';
import { atFrameSize } from './ass-play-res.ts';
import type { FrameSize } from './ass-play-res.ts';

type Cue = AssSegment;

/**
 * Phrases in source seconds onto the cut timeline of a render of `keep`: the one mapping every
 * export of an edited clip uses. It maps through the render's own frame-snapped spans (what the
 * burned subtitles use too), so a cue lands on the frame it is heard on in the rendered video.
 */
export function cutTimelinePhrases<T extends TimedText>(
  phrases: readonly T[],
  keep: readonly Span[],
  probe: { fps: number; variableFrameRate: boolean; durationS: number },
): T[] {
  // NOTE: a cut filler word leaves the transcript as it leaves the burned subtitles.
  return remapSegments(withoutCutFillers(phrases, keep), renderedSpans(keep, probe));
}

/** hh:mm:ss,mmm (SRT) or hh:mm:ss.mmm (VTT); negative times clamp to 0. */
export function formatCueTime(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (v: number, n = 2) => String(v).padStart(n, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** One line of cue text, so no phrase can fake a cue number, timing line or blank separator. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

const cues = (phrases: readonly Cue[]): Cue[] =>
  phrases
    .filter((p) => oneLine(p.phrase) && Math.round(p.end * 1000) > Math.round(p.start * 1000))
    .sort((a, b) => a.start - b.start);

export function toSrt(phrases: readonly Cue[]): string {
  return cues(phrases)
    .map(
      (p, i) =>
        `${i + 1}\n${formatCueTime(p.start, ',')} --> ${formatCueTime(p.end, ',')}\n${oneLine(p.phrase).replace(/-->/g, '->')}\n`,
    )
    .join('\n');
}

export function toVtt(phrases: readonly Cue[]): string {
  const escape = (t: string) =>
    oneLine(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = cues(phrases)
    .map(
      (p) =>
        `${formatCueTime(p.start, '.')} --> ${formatCueTime(p.end, '.')}\n${escape(p.phrase)}\n`,
    )
    .join('\n');
  return body ? `WEBVTT\n\n${body}` : 'WEBVTT\n';
}

export type AssExportOptions = BuildAssOptions & {
  /** The video's size: the script is laid out at it (ass-play-res.ts); absent, the style's own. */
  frame?: FrameSize | undefined;
};

export function toAss(
  phrases: readonly Cue[],
  settings: DrawSettings,
  options: AssExportOptions = {},
): string {
  const { frame, ...build } = options;
  const script = buildAss(cues(phrases), settings, build);
  return frame ? atFrameSize(script, frame) : script;
}

/** The phrases as running text, one line per sentence. */
export function toPlainText(phrases: readonly Cue[]): string {
  // NOTE: the lines are joined once at the end: asking a string grown by += how it ends makes V8
  // flatten it every time, which took 1.8 s for a 4-hour talk's 7,200 phrases (issue 35).
  const lines: string[] = [];
  let line: string[] = [];
  for (const p of cues(phrases)) {
    const phrase = oneLine(p.phrase);
    line.push(phrase);
    if (/[.!?…]["'”’)\]]*$/u.test(phrase)) {
      lines.push(`${line.join(' ')}\n`);
      line = [];
    }
  }
  if (line.length) lines.push(`${line.join(' ')}\n`);
  return lines.join('');
}
