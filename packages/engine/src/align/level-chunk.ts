import { open, writeFile } from 'node:fs/promises';
import type { WavInfo } from '../audio/wav-header.ts';
import { wavHeader } from '../audio/wav-header.ts';
import type { Span } from '../types.ts';

/** The loudest sample of a chunk after levelling (-3 dBFS). */
const TARGET_PEAK = 0.7 * 32767;
/** At most +40 dB: quieter than that is hiss, not speech to align. */
const MAX_GAIN = 100;

/** Scales samples in place so the loudest reaches TARGET_PEAK; returns the gain used. */
export function levelSamples(samples: Int16Array): number {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  if (peak === 0) return 1;
  const gain = Math.min(MAX_GAIN, TARGET_PEAK / peak);
  if (gain <= 1) return 1;
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round((samples[i] ?? 0) * gain);
  return gain;
}

/**
 * Copies `span` of a 16 kHz mono WAV into a WAV of its own, levelled to a -3 dBFS peak.
 * WARNING: the aligner needs it: on speech peaking near -45 dBFS (real recordings do) it found no
 * path through the grammar and every word fell back to shared-out times (4 of 10 FLEURS files).
 */
export async function writeLevelledChunk(
  source: string,
  info: WavInfo,
  span: Span,
  target: string,
): Promise<void> {
  const at = (s: number) => Math.min(info.dataBytes, Math.round(s * info.sampleRate) * 2);
  const from = at(span.start);
  const bytes = Buffer.alloc(Math.max(0, at(span.end) - from));
  const input = await open(source, 'r');
  try {
    await input.read(bytes, 0, bytes.length, info.dataOffset + from);
  } finally {
    await input.close();
  }
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
  levelSamples(samples);
  await writeFile(target, Buffer.concat([wavHeader(info, bytes.length), bytes]));
}
