// Why a file cannot be probed, in words the user can act on.
import { EngineError } from '../types.ts';

export type ProbeErrorCode =
  | 'file_not_found'
  | 'zero_length'
  | 'not_a_video'
  | 'truncated_file'
  | 'corrupt_file'
  | 'no_video_stream'
  | 'no_audio_stream'
  | 'unsupported_codec';

const REUPLOAD = 'Upload the complete .mp4 again, or export it again from your camera or editor.';

export const PROBE_MESSAGES: Record<ProbeErrorCode, string> = {
  file_not_found: 'The video file could not be found. Upload it again.',
  zero_length: `The video is empty (0 seconds long, or 0 bytes). ${REUPLOAD}`,
  not_a_video: 'This file is not a video. Upload an .mp4 video file of someone talking.',
  truncated_file: `The video file is incomplete: it was cut off, probably during upload or export. ${REUPLOAD}`,
  corrupt_file: `The video file is damaged and cannot be read. ${REUPLOAD}`,
  no_video_stream:
    'The file has sound but no picture. Upload a video (.mp4) with both a picture and a sound track.',
  no_audio_stream:
    'The video has no sound track, so there is no speech to edit. Upload a video recorded with sound.',
  unsupported_codec:
    'The video uses a format this server cannot decode. Export it as H.264 or HEVC video with AAC audio and upload it again.',
};

export const probeError = (code: ProbeErrorCode, detail?: string): EngineError =>
  new EngineError(code, detail ? `${PROBE_MESSAGES[code]} (${detail})` : PROBE_MESSAGES[code]);

/** ffprobe/ffmpeg stderr lines that mean the file stops before its index says it should. */
export const TRUNCATION_PATTERN =
  /partial file|moov atom not found|end of file|Truncat|ran out of data/i;

/** ISO-BMFF (mp4/mov) files start with a box such as ftyp; used to tell "cut off" from "not a video". */
export function looksLikeIsoMedia(head: Buffer): boolean {
  if (head.length < 8) return false;
  const box = head.toString('latin1', 4, 8);
  return ['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip', 'pnot'].includes(box);
}

/** Maps an ffprobe failure on the first pass to the user's reason. */
export function classifyProbeFailure(message: string, head: Buffer): EngineError {
  if (TRUNCATION_PATTERN.test(message) && looksLikeIsoMedia(head))
    return probeError('truncated_file');
  if (looksLikeIsoMedia(head)) return probeError('corrupt_file');
  return probeError('not_a_video');
}
