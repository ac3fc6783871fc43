import { createReadStream } from 'node:fs';
import type { EnergyTrack } from '../types.ts';
import { readWavInfo } from './wav-header.ts';

export const ENERGY_FRAME_S = 0.01;
/** The floor for digital silence: log10(0) would be -Infinity. */
export const SILENCE_DB = -100;

/** RMS of a frame's mean square, in dBFS, floored at SILENCE_DB. */
export function meanSquareToDb(meanSquare: number): number {
  if (meanSquare <= 0) return SILENCE_DB;
  return Math.max(SILENCE_DB, 10 * Math.log10(meanSquare));
}

/** Pre-emphasis y[n] = x[n] - k x[n-1], as speech front ends use it: flattens a pink room tone. */
export const EMPHASIS = 0.95;

/** A growable Float32Array: the only memory that grows with length (4 bytes per 10 ms). */
function createFloatList() {
  let data = new Float32Array(4096);
  let length = 0;
  return {
    push(value: number) {
      if (length === data.length) {
        const next = new Float32Array(data.length * 2);
        next.set(data);
        data = next;
      }
      data[length++] = value;
    },
    done: () => data.slice(0, length),
  };
}

/**
 * Energy per 10 ms frame of a 16-bit PCM WAV, streamed from disk in chunks, channels mixed to mono,
 * plain and pre-emphasised. A trailing partial frame counts when it is at least half a frame.
 */
export async function computeEnergyTrack(wavPath: string): Promise<EnergyTrack> {
  const info = await readWavInfo(wavPath);
  const frameSamples = Math.round(info.sampleRate * ENERGY_FRAME_S);
  const bytesPerSample = 2 * info.channels;
  const out = createFloatList();
  const edgeOut = createFloatList();
  let sum = 0;
  let edgeSum = 0;
  let previous = 0;
  let count = 0;
  let carry: Buffer | undefined;
  const stream = createReadStream(wavPath, {
    start: info.dataOffset,
    end: info.dataOffset + info.dataBytes - 1,
    highWaterMark: 1 << 16,
  });
  if (info.dataBytes === 0) stream.destroy();
  for await (const raw of stream as AsyncIterable<Buffer>) {
    const chunk = carry ? Buffer.concat([carry, raw]) : raw;
    const whole = chunk.length - (chunk.length % bytesPerSample);
    for (let i = 0; i < whole; i += bytesPerSample) {
      let sample = 0;
      for (let c = 0; c < info.channels; c++) sample += chunk.readInt16LE(i + 2 * c);
      sample /= info.channels * 32768;
      sum += sample * sample;
      const emphasised = sample - EMPHASIS * previous;
      previous = sample;
      edgeSum += emphasised * emphasised;
      if (++count === frameSamples) {
        out.push(meanSquareToDb(sum / count));
        edgeOut.push(meanSquareToDb(edgeSum / count));
        sum = 0;
        edgeSum = 0;
        count = 0;
      }
    }
    carry = whole < chunk.length ? chunk.subarray(whole) : undefined;
  }
  if (count >= frameSamples / 2) {
    out.push(meanSquareToDb(sum / count));
    edgeOut.push(meanSquareToDb(edgeSum / count));
  }
  return { frameS: ENERGY_FRAME_S, db: out.done(), edgeDb: edgeOut.done() };
}
