// The one timeline every editor export writes: the source, the kept frames in order and the
// captions on the cut timeline, all in whole frames at the source's rational rate.
import type { DrawSettings, FramingPlan } from '@roughcut/shared';
import { renderFps } from '../frames/spans.ts';
import type { TimedText } from '../subtitles/index.ts';
import { EngineError } from '../types.ts';
import type { ProbeResult, Span } from '../types.ts';
import type { FrameSize } from './ass-play-res.ts';
import { captionStyleAt, styledLines } from './caption-style.ts';
import type { CaptionRun, CaptionStyle } from './caption-style.ts';
import { keptFrames, secondsToFrames, timecodeFrames } from './frame-time.ts';
import type { Rate } from './frame-time.ts';
import { mediaLink } from './media-link.ts';
import type { MediaLink } from './media-link.ts';
import { shortFraming } from './short-framing.ts';
import type { TimelineFraming } from './short-framing.ts';
import { cutTimelinePhrases } from './transcript-exports.ts';
import { xmlSafeText } from './xml-text.ts';

export { escapeXml, xmlSafeText } from './xml-text.ts';
export { fileUrl } from './media-link.ts';
export type { MediaLink } from './media-link.ts';

export type ExportProbe = Pick<
  ProbeResult,
  | 'durationS'
  | 'fps'
  | 'variableFrameRate'
  | 'displayWidth'
  | 'displayHeight'
  | 'audioSampleRate'
  | 'audioChannels'
  | 'timecode'
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
  /**
   * The folder the source video is in on the user's computer, when they said: the timelines then
   * link to it by its absolute path. Without it they point beside the exported file.
   */
  mediaFolder?: string | undefined;
  /** A short: the vertical video the render makes of the clip (absent: long form, the source's). */
  short?: ShortLook | undefined;
};

/** What a short's render makes of the source, so its timelines open as the rendered short. */
export type ShortLook = {
  /** The render's size (1080x1920): the timeline's frame. */
  frame: FrameSize;
  /** The clip's framing plan as the render uses it: the centre crop, the follow path, the split. */
  framing: FramingPlan;
  /** The caption style the render burns (its word-by-word lines too); null: none is burned. */
  style: DrawSettings | null;
};

/** Source frames [sourceIn, sourceOut) placed at `recordIn` on the cut timeline. */
export type TimelineCut = { sourceIn: number; sourceOut: number; recordIn: number };
export type TimelineCaption = {
  recordIn: number;
  recordOut: number;
  text: string;
  /** A short's line as burned, in stretches, the spoken word lit (styled captions only). */
  runs?: CaptionRun[] | undefined;
};

export type Timeline = {
  title: string;
  fileName: string;
  /** Where the source is, as each format spells it (see media-link.ts). */
  media: MediaLink;
  rate: Rate;
  /** The timeline's frame: the source's display size, or a short's render size. */
  width: number;
  height: number;
  /** The source picture's display size. */
  source: FrameSize;
  /** A short's framing (which part of the source fills the frame); absent: the whole picture. */
  framing?: TimelineFraming | undefined;
  /** A short's caption style at the frame's size; absent: each format's plain captions. */
  captionStyle?: CaptionStyle | undefined;
  audioRate: number;
  audioChannels: number;
  /** The whole source's length in frames. */
  sourceFrames: number;
  /**
   * The frame the source's own start timecode stands for (a camera's or phone's, 0 without one):
   * the source side of every cut is counted from it where a format has a source timecode (the EDL's
   * source columns, FCPXML's asset start, xmeml's file timecode, OTIO's available range); the
   * record side, the cut timeline, starts at 0 all the same.
   */
  sourceStart: number;
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
  const short = input.short;
  const style = short?.style ?? null;
  const phrases = cutTimelinePhrases(input.phrases, input.keep, probe);
  // NOTE: a short's captions are the lines the render burns: word by word where its style says.
  const lines = style
    ? phrases
        .flatMap((p) => styledLines(p, style))
        .sort((a, b) => a.start - b.start)
        .map((line) => ({ ...line, phrase: line.runs.map((r) => r.text).join('') }))
    : phrases.map((p) => ({ ...p, runs: undefined }));
  for (const line of lines) {
    const text = xmlSafeText(line.phrase).replace(/\s+/g, ' ').trim();
    const start = Math.min(frames, secondsToFrames(line.start, rate));
    const end = Math.min(frames, secondsToFrames(line.end, rate));
    const previous = captions[captions.length - 1];
    // NOTE: captions never overlap on a caption track, whatever rounding did.
    const first = Math.max(start, previous?.recordOut ?? 0);
    if (!text || end <= first) continue;
    const runs = line.runs?.map((r) => ({ text: xmlSafeText(r.text), lit: r.lit }));
    captions.push({ recordIn: first, recordOut: end, text, ...(runs ? { runs } : {}) });
  }
  const source = { width: probe.displayWidth, height: probe.displayHeight };
  const frame = short?.frame ?? source;
  return {
    title: xmlSafeText(input.title).replace(/\s+/g, ' ').trim() || 'Roughcut edit',
    fileName: xmlSafeText(input.fileName),
    media: mediaLink(xmlSafeText(input.fileName), input.mediaFolder),
    rate,
    width: frame.width,
    height: frame.height,
    source,
    ...(short
      ? {
          framing: shortFraming({
            plan: short.framing,
            cuts,
            fps: renderFps(probe),
            source,
            frame: short.frame,
          }),
          ...(style ? { captionStyle: captionStyleAt(style, short.frame) } : {}),
        }
      : {}),
    audioRate: probe.audioSampleRate || 48_000,
    audioChannels: Math.max(1, probe.audioChannels),
    sourceFrames: Math.max(
      Math.round(probe.durationS * (rate.num / rate.den)),
      cuts[cuts.length - 1]!.sourceOut,
    ),
    sourceStart: timecodeFrames(probe.timecode, rate),
    cuts,
    captions,
    frames,
  };
}
