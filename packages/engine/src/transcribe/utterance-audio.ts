// One utterance's samples, read from the 16 kHz mono WAV and brought to a steady level: some real
// recordings peak at -45 dBFS, where the model hears little.
import { open } from 'node:fs/promises';
import type { WavInfo } from '../audio/wav-header.ts';
import type { Span } from '../types.ts';

/** The level the loudest samples are brought to (-6 dBFS). */
const TARGET_PEAK = 0.5;
/** Gain is capped (+50 dB) so near-silence is not blown up into noise the model hears as words. */
const MAX_GAIN = 316;
/** The peak is taken at this quantile of |sample|, so one click does not set the level. */
const PEAK_QUANTILE = 0.999;

/** Scales the samples, in place, so their robust peak sits at TARGET_PEAK. */
export function normaliseLevel(samples: Float32Array): Float32Array {
  if (!samples.length) return samples;
  const magnitudes = Float32Array.from(samples, Math.abs).sort();
  const peak =
    magnitudes[Math.min(magnitudes.length - 1, Math.floor(PEAK_QUANTILE * magnitudes.length))]!;
  if (peak <= 0) return samples;
  const gain = Math.min(MAX_GAIN, TARGET_PEAK / peak);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.max(-1, Math.min(1, samples[i]! * gain));
  }
  return samples;
}

/** The samples of `span` as floats in [-1, 1]. */
export async function readSpanSamples(
  wavPath: string,
  info: Pick<WavInfo, 'sampleRate' | 'dataOffset' | 'dataBytes'>,
  span: Span,
): Promise<Float32Array> {
  const total = Math.floor(info.dataBytes / 2);
  const from = Math.max(0, Math.min(total, Math.round(span.start * info.sampleRate)));
  const to = Math.max(from, Math.min(total, Math.round(span.end * info.sampleRate)));
  const bytes = Buffer.alloc((to - from) * 2);
  const handle = await open(wavPath, 'r');
  try {
    await handle.read(bytes, 0, bytes.length, info.dataOffset + from * 2);
  } finally {
    await handle.close();
  }
  const out = new Float32Array(to - from);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(2 * i) / 32768;
  return out;
}
