// The transcript as files people already use: SRT, WebVTT, ASS and plain text. Pure.
import type { DrawSettings } from '@roughcut/shared';
import { buildAss } from '../subtitles/build-ass.ts';
import type { BuildAssOptions } from '../subtitles/build-ass.ts';

export type TranscriptPhrase = { start: number; end: number; phrase: string };

/** `hh:mm:ss{sep}mmm`, rounded to the millisecond; negative times clamp to 0. */
export function formatCueTime(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(ms % 1000).padStart(3, '0')}`;
}

/** One line of cue text: line breaks collapsed, so text can never end a cue early. */
const oneLine = (text: string) =>
  String(text)
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

const cues = (phrases: readonly TranscriptPhrase[]) =>
  [...phrases]
    .map((p) => ({ start: p.start, end: p.end, text: oneLine(p.phrase) }))
    .filter((p) => p.text && p.end > p.start)
    .sort((a, b) => a.start - b.start);

export function toSrt(phrases: readonly TranscriptPhrase[]): string {
  return cues(phrases)
    .map(
      (c, i) =>
        `${i + 1}\n${formatCueTime(c.start, ',')} --> ${formatCueTime(c.end, ',')}\n${c.text}\n`,
    )
    .join('\n');
}

// NOTE: in WebVTT `<` opens a tag, `&` an entity, and `-->` would end the timing line's meaning.
const escapeVtt = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function toVtt(phrases: readonly TranscriptPhrase[]): string {
  const body = cues(phrases)
    .map(
      (c) =>
        `${formatCueTime(c.start, '.')} --> ${formatCueTime(c.end, '.')}\n${escapeVtt(c.text)}\n`,
    )
    .join('\n');
  return body ? `WEBVTT\n\n${body}` : 'WEBVTT\n';
}

export function toAss(
  phrases: readonly TranscriptPhrase[],
  settings: DrawSettings,
  options: BuildAssOptions,
): string {
  return buildAss(phrases, settings, options);
}

/** The phrases as running text, a paragraph break after each sentence-ending phrase. */
export function toPlainText(phrases: readonly TranscriptPhrase[]): string {
  let text = '';
  for (const c of cues(phrases)) {
    if (text && !text.endsWith('\n')) text += ' ';
    text += c.text;
    if (/[.!?…]["')\]]?$/.test(c.text)) text += '\n';
  }
  return text.trimEnd() ? `${text.trimEnd()}\n` : '';
}
