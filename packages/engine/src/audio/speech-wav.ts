// Every recogniser and the aligner read the 16 kHz mono WAV that extractAudio writes.
import { readWavInfo } from './wav-header.ts';
import type { WavInfo } from './wav-header.ts';
import { EngineError } from '../types.ts';

export const SPEECH_SAMPLE_RATE = 16_000;

/** The WAV's header, or an EngineError naming `who` when it is not 16 kHz mono. */
export async function readSpeechWavInfo(wavPath: string, who: string): Promise<WavInfo> {
  const info = await readWavInfo(wavPath);
  if (info.sampleRate !== SPEECH_SAMPLE_RATE || info.channels !== 1) {
    throw new EngineError(
      'audio_invalid',
      `${who} needs 16 kHz mono audio, got ${info.sampleRate} Hz with ${info.channels} channels; extract it with extractAudio first.`,
    );
  }
  return info;
}
