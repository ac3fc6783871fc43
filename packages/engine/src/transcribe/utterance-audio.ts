// One utterance's samples, read from the 16 kHz mono WAV and brought to a steady level: some real
// recordings peak at -45 dBFS, where the model hears little.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { WavInfo } from '../audio/wav-header.ts';
import type { Span } from '../types.ts';
import { wavHeader } from '../audio/wav-header.ts';

/** The level the loudest samples are brought to (-6 dBFS). */
const TARGET_PEAK = 0.5;
/** Gain is capped (+50 dB) so near-silence is not blown up into noise the model hears as words. */
const MAX_GAIN = 316;
/** The peak is taken at this quantile of |sample|, so one click does not set the level. */
const PEAK_QUANTILE = 0.999;

/** The gain that brings the samples' robust peak to TARGET_PEAK (capped; 1 for silence). */
export function levelGain(samples: Float32Array): number {
  if (!samples.length) return 1;
  const magnitudes = Float32Array.from(samples, Math.abs).sort();
  const peak =
    magnitudes[Math.min(magnitudes.length - 1, Math.floor(PEAK_QUANTILE * magnitudes.length))]!;
  return peak > 0 ? Math.min(MAX_GAIN, TARGET_PEAK / peak) : 1;
}

/** Scales the samples, in place, so their robust peak sits at TARGET_PEAK. */
export function normaliseLevel(samples: Float32Array, gain = levelGain(samples)): Float32Array {
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.max(-1, Math.min(1, samples[i]! * gain));
  }
  return samples;
}

/**
 * Where the levelled copy's gain changes, in samples: halfway between neighbouring utterances.
 * Region i (from edge i-1, or the start, to edge i, or the end) is at utterance i's gain.
 */
export function levelEdges(utterances: readonly Span[], sampleRate: number): number[] {
  return utterances.slice(1).map((u, i) => {
    const mid = (utterances[i]!.end + u.start) / 2;
    return Math.round(mid * sampleRate);
  });
}

/** The region (see levelEdges) a sample lies in. */
export function levelRegion(edges: readonly number[], sample: number): number {
  let region = 0;
  while (region < edges.length && sample >= edges[region]!) region++;
  return region;
}

/** Where the samples start in a WAV written with wavHeader. */
export const LEVELLED_DATA_OFFSET = 44;

/** Samples [from, to) of the source at `gain`, written at the same place of the target's data. */
export async function writeLevelledSamples(
  input: FileHandle,
  output: FileHandle,
  info: WavInfo,
  [from, to]: readonly [number, number],
  gain: number,
): Promise<void> {
  const block = Buffer.alloc(Math.min(1 << 20, Math.max(0, to - from) * 2));
  for (let at = from; at < to;) {
    const count = Math.min(block.length / 2, to - at);
    const { bytesRead } = await input.read(block, 0, count * 2, info.dataOffset + at * 2);
    const samples = Math.floor(bytesRead / 2);
    if (!samples) break;
    for (let i = 0; i < samples; i++) {
      const scaled = Math.round(block.readInt16LE(2 * i) * gain);
      block.writeInt16LE(Math.max(-32768, Math.min(32767, scaled)), 2 * i);
    }
    await output.write(block, 0, samples * 2, LEVELLED_DATA_OFFSET + at * 2);
    at += samples;
  }
}

/**
 * A copy of a 16-bit mono WAV with each utterance at the level it was decoded at (the gain changes
 * halfway between utterances), streamed in bounded memory: the aligner hears what the recogniser
 * heard. NOTE: pocketsphinx's alignment fails on speech peaking near -45 dBFS.
 */
export async function writeLevelledWav(
  source: string,
  info: WavInfo,
  utterances: readonly (Span & { gain: number })[],
  target: string,
): Promise<void> {
  const total = Math.floor(info.dataBytes / 2);
  const edges = levelEdges(utterances, info.sampleRate);
  const input = await open(source, 'r');
  const output = await open(target, 'w');
  try {
    await output.write(wavHeader(info, total * 2), 0, LEVELLED_DATA_OFFSET, 0);
    const bounds = [0, ...edges.map((e) => Math.min(total, e)), total];
    for (let region = 0; region + 1 < bounds.length; region++) {
      const gain = utterances[region]?.gain ?? 1;
      await writeLevelledSamples(input, output, info, [bounds[region]!, bounds[region + 1]!], gain);
    }
  } finally {
    await input.close();
    await output.close();
  }
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
