// Smart cut's plan of parts: which frames are copied and which re-encoded (their command lines are
// in smart-cut-copy-args.ts, smart-cut-encode-args.ts and smart-cut-join-args.ts).
// Untouched GOPs (keyframe to keyframe) are stream-copied; the frames from a cut to the next
// keyframe are encoded again with the source's codec parameters. When the source never reorders
// frames (no B-frames), a span's tail after its last keyframe is copied too: the packets up to the
// cut are exactly the frames shown up to it, and none of them needs a later one; with B-frames the
// tail is copied up to its last whole run of pictures (copy-ends.ts). Parts are Annex B with their
// parameter sets in-band, so the re-encoded parts' own SPS/PPS travel with them: one raw H.264
// stream into the in-order join, or MPEG-TS files (with timestamps) into the concat demuxer.
import type { ProbeResult } from '../types.ts';
import { keyframeIn, lastWithin } from './sorted-frames.ts';
import type { FrameSpan } from '../frames/spans.ts';

export type SmartPart = { kind: 'copy' | 'encode'; first: number; end: number };

/** Part files: raw H.264 for the in-order join, MPEG-TS (with timestamps) for the concat demuxer. */
export type PartFormat = 'h264' | 'mpegts';

/** Why this input cannot be smart-cut, or null when it can. */
export function smartCutBlocker(probe: ProbeResult, withSubtitles: boolean): string | null {
  if (withSubtitles) return 'burned-in subtitles change every frame';
  if (probe.videoCodec !== 'h264') return `video codec ${probe.videoCodec} (smart cut needs H.264)`;
  if (probe.variableFrameRate) return 'variable frame rate';
  if (probe.rotation % 360 !== 0) return 'rotation metadata';
  if (!probe.keyframes?.length) return 'no keyframe list';
  if (probe.openGop) return 'open GOPs (pictures after a keyframe are shown before it)';
  // NOTE: copied GOPs keep their place in the stream, so a picture that starts late (a stream
  // offset or an edit list) would leave the part before it empty.
  if ((probe.videoStartS ?? 0) > 0.5 / probe.fps) return 'the picture starts after the sound';
  return null;
}

/** Keyframe times to frame indices (sorted, unique). */
export const keyframeFrames = (keyframes: readonly number[], fps: number): number[] =>
  [...new Set(keyframes.map((t) => Math.round(t * fps)))].sort((a, b) => a - b);

export function planSmartCut(
  spans: readonly FrameSpan[],
  keyframes: readonly number[],
  options: {
    copyTails: boolean;
    /** Frames a copied group may stop at short of its end (copy-ends.ts), with B-frames. */
    copyEnds?: readonly number[];
  },
): SmartPart[] {
  const parts: SmartPart[] = [];
  for (const span of spans) {
    const k1 = keyframeIn(keyframes, span);
    if (k1 === undefined) {
      parts.push({ kind: 'encode', first: span.first, end: span.end });
      continue;
    }
    if (span.first < k1) parts.push({ kind: 'encode', first: span.first, end: k1 });
    if (options.copyTails) {
      parts.push({ kind: 'copy', first: k1, end: span.end });
      continue;
    }
    const k2 = lastWithin(keyframes, k1, span.end);
    // NOTE: the last group is copied up to its last whole run of pictures before the cut; only
    // the few pictures after it are encoded again.
    const stop = options.copyEnds ? lastWithin(options.copyEnds, k2, span.end) : k2;
    if (stop > k1) parts.push({ kind: 'copy', first: k1, end: stop });
    if (stop < span.end) parts.push({ kind: 'encode', first: stop, end: span.end });
  }
  return parts;
}
