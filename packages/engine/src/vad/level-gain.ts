// The gain each 32 ms window is heard at by the voice detector: a quiet stretch of speech is brought
// up towards the recording's loud speech, so a quiet speaker right after a loud one is heard from
// the first syllable. See docs/decisions/0004-speech-evidence.md ("Level before the detector").
import { createReadStream } from 'node:fs';
import { SILENCE_DB, meanSquareToDb } from '../audio/energy-track.ts';
import type { WavInfo } from '../audio/wav-header.ts';

export type LevelGainOptions = {
  /** Windows before and after a window whose loudest sets its level. */
  lookBack: number;
  lookAhead: number;
  /** Loud speech: this quantile of the window levels. */
  loudQuantile: number;
  /** The room: this quantile of the window levels. */
  floorQuantile: number;
  /** A stretch is boosted only when its loudest is this far above the room (dB). */
  aboveFloorDb: number;
  /** The room is never brought closer than this to loud speech (dB). */
  floorBelowLoudDb: number;
  /** The most a stretch is boosted (dB). */
  maxBoostDb: number;
  /**
   * Loud speech is taken as at least this level, so a quiet recording is raised too (dBFS).
   * NOTE: the detector heard a telephone-band copy of -50 dBFS speech only in part.
   */
  minLoudDb: number;
};

// NOTE: the level is set mostly by what comes next (1 s ahead, 0.1 s back): after a loud passage
// the pause and the quiet speaker's first syllables take the quiet speaker's level, not the loud.
export const DEFAULT_LEVEL_GAIN: LevelGainOptions = {
  lookBack: 3,
  lookAhead: 31,
  loudQuantile: 0.95,
  floorQuantile: 0.1,
  aboveFloorDb: 10,
  floorBelowLoudDb: 20,
  maxBoostDb: 40,
  minLoudDb: -25,
};

function quantile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? SILENCE_DB;
}

/** Sliding maximum over [i - back, i + ahead] (a monotonic deque: linear in the length). */
export function slidingMax(values: Float32Array, back: number, ahead: number): Float32Array {
  const out = new Float32Array(values.length);
  const deque: number[] = [];
  let head = 0;
  let next = 0;
  for (let i = 0; i < values.length; i++) {
    for (; next < values.length && next <= i + ahead; next++) {
      while (deque.length > head && values[deque.at(-1)!]! <= values[next]!) deque.pop();
      deque.push(next);
    }
    while (deque[head]! < i - back) head++;
    out[i] = values[deque[head]!]!;
  }
  return out;
}

/**
 * Linear gain per window from the windows' levels (dBFS). A uniform recording is left as it is:
 * only a stretch quieter than the recording's loud speech is raised, never past it, never with its
 * loudest within `aboveFloorDb` of the room (a long pause or dither stays as quiet as it was), and
 * never so far that the room comes within `floorBelowLoudDb` of loud speech.
 */
export function levelGains(
  levelsDb: Float32Array,
  options: Partial<LevelGainOptions> = {},
): Float32Array {
  const o = { ...DEFAULT_LEVEL_GAIN, ...options };
  const gains = new Float32Array(levelsDb.length).fill(1);
  if (!levelsDb.length) return gains;
  const loud = Math.max(o.minLoudDb, quantile(levelsDb, o.loudQuantile));
  const floor = quantile(levelsDb, o.floorQuantile);
  const nearby = slidingMax(levelsDb, o.lookBack, o.lookAhead);
  const roomCap = loud - o.floorBelowLoudDb - floor;
  for (let i = 0; i < nearby.length; i++) {
    const level = nearby[i]!;
    if (level - floor < o.aboveFloorDb) continue;
    const boost = Math.min(loud - level, roomCap, o.maxBoostDb);
    if (boost > 0) gains[i] = 10 ** (boost / 20);
  }
  return gains;
}

/** The level (dBFS) of every `window` samples of a 16-bit mono WAV, streamed from disk. */
export async function windowLevels(
  wavPath: string,
  info: Pick<WavInfo, 'dataOffset' | 'dataBytes'>,
  window: number,
): Promise<Float32Array> {
  const total = Math.floor(info.dataBytes / 2);
  const levels = new Float32Array(Math.ceil(total / window));
  if (!total) return levels;
  const stream = createReadStream(wavPath, {
    start: info.dataOffset,
    end: info.dataOffset + total * 2 - 1,
    highWaterMark: 1 << 16,
  });
  let at = 0;
  let sum = 0;
  let carry: Buffer | undefined;
  for await (const raw of stream as AsyncIterable<Buffer>) {
    const chunk = carry ? Buffer.concat([carry, raw]) : raw;
    const whole = chunk.length - (chunk.length % 2);
    for (let i = 0; i < whole; i += 2) {
      const sample = chunk.readInt16LE(i) / 32768;
      sum += sample * sample;
      if (++at % window === 0) {
        levels[at / window - 1] = meanSquareToDb(sum / window);
        sum = 0;
      }
    }
    carry = whole < chunk.length ? chunk.subarray(whole) : undefined;
  }
  if (at % window) levels[levels.length - 1] = meanSquareToDb(sum / (at % window));
  return levels;
}
