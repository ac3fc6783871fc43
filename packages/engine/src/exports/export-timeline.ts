// The one timeline every editor export writes: the source, the kept frames in order and the
// captions on the cut timeline, all in whole frames at the source's rational rate.
import type { TimedText } from '../subtitles/index.ts';
import { EngineError } from '../types.ts';
import type { ProbeResult, Span } from '../types.ts';
import { keptFrames, secondsToFrames } from './frame-time.ts';
import type { Rate } from './frame-time.ts';
import { cutTimelinePhrases } from './transcript-exports.ts';

export type ExportProbe = Pick<
  ProbeResult,
  | 'durationS'
  | 'fps'
  | 'variableFrameRate'
  | 'displayWidth'
  | 'displayHeight'
  | 'audioSampleRate'
  | 'audioChannels'
>;

export type ExportInput = {
  /** The timeline's name in the editor (the edit's or the clip's title). */
  title: string;
  /** The original upload's file name: every format points at it, next to the exported file. */
  fileName: string;
  probe: ExportProbe;
  /** Kept spans of the source in seconds, as the render is given them. */
  keep: readonly Span[];
  /** Phrases in source seconds, with the user's edits: the captions. */
  phrases: readonly TimedText[];
};

/** Source frames [sourceIn, sourceOut) placed at `recordIn` on the cut timeline. */
export type TimelineCut = { sourceIn: number; sourceOut: number; recordIn: number };
export type TimelineCaption = { recordIn: number; recordOut: number; text: string };

export type Timeline = {
  title: string;
  fileName: string;
  rate: Rate;
  width: number;
  height: number;
  audioRate: number;
  audioChannels: number;
  /** The whole source's length in frames. */
  sourceFrames: number;
  cuts: TimelineCut[];
  captions: TimelineCaption[];
  /** The cut timeline's length in frames: the rendered video's. */
  frames: number;
};

export const cutLength = (cut: TimelineCut): number => cut.sourceOut - cut.sourceIn;

export function buildTimeline(input: ExportInput): Timeline {
  const { probe } = input;
  const { rate, spans } = keptFrames(input.keep, probe);
  if (!spans.length) {
    throw new EngineError('nothing_to_export', 'Nothing is kept: there is no timeline to export.');
  }
  const cuts: TimelineCut[] = [];
  let recordIn = 0;
  for (const span of spans) {
    cuts.push({ sourceIn: span.first, sourceOut: span.end, recordIn });
    recordIn += span.end - span.first;
  }
  const frames = recordIn;
  const captions: TimelineCaption[] = [];
  for (const phrase of cutTimelinePhrases(input.phrases, input.keep, probe)) {
    const text = xmlSafeText(phrase.phrase).replace(/\s+/g, ' ').trim();
    const start = Math.min(frames, secondsToFrames(phrase.start, rate));
    const end = Math.min(frames, secondsToFrames(phrase.end, rate));
    const previous = captions[captions.length - 1];
    // NOTE: captions never overlap on a caption track, whatever rounding did.
    const first = Math.max(start, previous?.recordOut ?? 0);
    if (text && end > first) captions.push({ recordIn: first, recordOut: end, text });
  }
  return {
    title: xmlSafeText(input.title).replace(/\s+/g, ' ').trim() || 'Roughcut edit',
    fileName: xmlSafeText(input.fileName),
    rate,
    width: probe.displayWidth,
    height: probe.displayHeight,
    audioRate: probe.audioSampleRate || 48_000,
    audioChannels: Math.max(1, probe.audioChannels),
    sourceFrames: Math.max(
      Math.round(probe.durationS * (rate.num / rate.den)),
      cuts[cuts.length - 1]!.sourceOut,
    ),
    cuts,
    captions,
    frames,
  };
}

/**
 * Everything outside XML 1.0's `Char` production: C0 controls but tab, LF and CR, lone surrogates
 * (the `u` flag reads each as one code point), U+FFFE and U+FFFF. No escape can carry these, so a
 * parser (melt's libxml2, Resolve's, Premiere's) stops at the first one.
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/**
 * Text without the characters XML 1.0 forbids. NOTE: every timeline's text goes through it (the
 * title, the file name, each caption), so names stored before anything refused them still make
 * well-formed files, and the OTIO and EDL carry the same words as the XML formats.
 */
export const xmlSafeText = (text: string): string => text.replace(XML_FORBIDDEN, '');

/** Escapes text for XML content and attribute values (quotes included). */
export const escapeXml = (text: string): string =>
  xmlSafeText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A relative URL for the file name: the editor looks for it beside the exported file. */
export const fileUrl = (fileName: string): string =>
  encodeURI(fileName).replace(/[?#]/g, encodeURIComponent);
