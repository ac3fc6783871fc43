// What the product can sensibly edit, checked on a probed upload (its length measured from the
// packets, not the header's claim): a length limit the operator sets, and the picture sizes the
// pipeline handles.
import { EngineError } from '../types.ts';
import type { ProbeResult } from '../types.ts';

/**
 * Subtitles need room (a line of the smallest font is some 20 px high) and the encoders need a few
 * macroblocks: a 1x1 picture fails late in the render.
 */
export const MIN_VIDEO_SIDE_PX = 64;
/**
 * DCI 4K. Decoding and scaling memory grows with the picture: 12000x12000 takes ffmpeg 1.57 GB,
 * 4096x2160 a few hundred MB, and phones and cameras record 4K at most for talks.
 */
export const MAX_VIDEO_SIDE_PX = 4096;

export type UploadLimits = { maxDurationS: number };

/** "4 h", "10 h 5 min", "12 min 30 s", "45 s": the parts that are not zero. */
export function describeLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const min = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const parts = [h ? `${h} h` : '', min ? `${min} min` : '', s && h === 0 ? `${s} s` : ''];
  return parts.filter(Boolean).join(' ') || '0 s';
}

/**
 * The video's length as said to the user: rounded up (to the minute from an hour on), so a video
 * just over the limit never reads as the limit itself.
 */
const describeVideoLength = (seconds: number): string =>
  describeLength(seconds >= 3600 ? Math.ceil(seconds / 60) * 60 : Math.ceil(seconds));

/** The reason the probed upload cannot be edited, or undefined when it can. */
export function uploadLimitError(
  probe: ProbeResult,
  limits: UploadLimits,
): EngineError | undefined {
  if (probe.durationS > limits.maxDurationS) {
    return new EngineError(
      'too_long',
      `This video is ${describeVideoLength(probe.durationS)} long; Roughcut edits videos up to ${describeLength(limits.maxDurationS)}. Trim it and upload it again.`,
    );
  }
  const size = `${probe.width}x${probe.height} pixels`;
  if (Math.min(probe.width, probe.height) < MIN_VIDEO_SIDE_PX) {
    return new EngineError(
      'picture_too_small',
      `This video's picture is ${size}; Roughcut needs at least ${MIN_VIDEO_SIDE_PX} pixels on each side to render it with subtitles. Upload a larger video.`,
    );
  }
  if (Math.max(probe.width, probe.height) > MAX_VIDEO_SIDE_PX) {
    return new EngineError(
      'picture_too_large',
      `This video's picture is ${size}; Roughcut edits videos up to ${MAX_VIDEO_SIDE_PX} pixels on each side (4K). Export it at 4K (3840x2160) or smaller and upload it again.`,
    );
  }
  return undefined;
}
