import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { soundOnTimelineFilter } from '../media/timeline.ts';
import type { ProgressFn } from '../types.ts';

export const SPEECH_SAMPLE_RATE = 16_000;

export type ExtractAudioOptions = {
  signal?: AbortSignal;
  /** The input's duration, so progress can be a fraction. */
  durationS?: number;
  onProgress?: ProgressFn;
};

/**
 * ffmpeg arguments for a 16 kHz mono s16 WAV of the first audio stream.
 * NOTE: `file:` keeps a path that looks like a protocol (`http:...`, `pipe:1`) a plain file, and
 * bitexact drops the LIST chunk so the header is the canonical 44 bytes pocketsphinx expects.
 */
export function buildExtractAudioArgs(inputPath: string, wavPath: string): string[] {
  return [
    '-i',
    `file:${inputPath}`,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    // NOTE: on the file's timeline, as renders cut it: a sound that starts late is heard late.
    '-af',
    soundOnTimelineFilter({ sampleRate: SPEECH_SAMPLE_RATE }),
    '-ac',
    '1',
    '-ar',
    String(SPEECH_SAMPLE_RATE),
    '-c:a',
    'pcm_s16le',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-f',
    'wav',
    `file:${wavPath}`,
  ];
}

/** Writes the input's first audio stream as 16 kHz mono s16 WAV (what every transcriber reads). */
export async function extractAudio(
  inputPath: string,
  wavPath: string,
  options: ExtractAudioOptions = {},
): Promise<void> {
  await runFfmpeg(buildExtractAudioArgs(inputPath, wavPath), {
    signal: options.signal,
    durationS: options.durationS,
    onProgress: options.onProgress,
  });
}
