// The clip timeline's waveform: the analysis's energy track kept per run as one byte of
// loudness per 10 ms frame (360 KB for an hour), read back as peaks for a clip's window.
import { readFile } from 'node:fs/promises';
import { WAVEFORM_MAX_RATE } from '@roughcut/shared';
import type { ClipWindow, WaveformResponse } from '@roughcut/shared';
import type { EnergyTrack } from '../../engine-adapter/engine-basics.adapter.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { assertStorageKey, jobPrefix } from '../../storage/storage-keys.ts';

/** Loudness per frame, 0 (silent) to 255 (the recording's loud speech). */
export type WaveformTrack = { frameS: number; levels: Uint8Array };

/** How far below the recording's loud speech still draws above zero. */
const RANGE_DB = 50;
/**
 * The loudest 1% of frames draw at full height, so one click does not flatten the rest; but never
 * more than 10 dB under the loudest frame, so a mostly silent recording still shows its speech.
 */
const REFERENCE_PERCENTILE = 0.99;
const MAX_HEADROOM_DB = 10;
const MAGIC = 'RCW1';
const HEADER_BYTES = 8;
/** An hour's clip answers about 10 values per second: some 36 000 numbers, a few hundred KB. */
export const MAX_WAVEFORM_VALUES = 36_000;
const RATES = [100, 50, 25, 20, 10, 5, 4, 2, 1];

/** The dB level that `fraction` of the frames stay at or under, to 0.1 dB (a histogram, O(n)). */
function percentileDb(db: Float32Array, fraction: number): { level: number; loudest: number } {
  const LOW = -100;
  const STEPS = 10;
  const bins = new Uint32Array((0 - LOW) * STEPS + 1);
  let count = 0;
  let loudest = LOW;
  for (const value of db) {
    if (!Number.isFinite(value)) continue;
    const clamped = Math.min(0, Math.max(LOW, value));
    bins[Math.round((clamped - LOW) * STEPS)]! += 1;
    loudest = Math.max(loudest, clamped);
    count++;
  }
  const target = Math.floor(fraction * Math.max(0, count - 1)) + 1;
  let seen = 0;
  for (let i = 0; i < bins.length; i++) {
    seen += bins[i] ?? 0;
    if (seen >= target) return { level: LOW + i / STEPS, loudest };
  }
  return { level: loudest, loudest };
}

/** The track from the engine's dB per frame, scaled to the recording's own loudness. */
export function toWaveformTrack(energy: EnergyTrack): WaveformTrack {
  const { db } = energy;
  const { level, loudest } = percentileDb(db, REFERENCE_PERCENTILE);
  const floor = Math.max(level, loudest - MAX_HEADROOM_DB) - RANGE_DB;
  const levels = new Uint8Array(db.length);
  for (let i = 0; i < db.length; i++) {
    const value = db[i] ?? Number.NaN;
    const scaled = Number.isFinite(value) ? (value - floor) / RANGE_DB : 0;
    levels[i] = Math.round(Math.min(1, Math.max(0, scaled)) * 255);
  }
  return { frameS: energy.frameS, levels };
}

export function encodeWaveform(track: WaveformTrack): Buffer {
  const out = Buffer.alloc(HEADER_BYTES + track.levels.length);
  out.write(MAGIC, 0, 'ascii');
  out.writeUInt32LE(Math.round(track.frameS * 1_000_000), 4);
  out.set(track.levels, HEADER_BYTES);
  return out;
}

export function decodeWaveform(data: Buffer): WaveformTrack | undefined {
  if (data.length < HEADER_BYTES || data.toString('ascii', 0, 4) !== MAGIC) return undefined;
  const frameUs = data.readUInt32LE(4);
  if (frameUs === 0) return undefined;
  return { frameS: frameUs / 1_000_000, levels: new Uint8Array(data.subarray(HEADER_BYTES)) };
}

/** Where a run's waveform is kept; inside the job's prefix, so deleting the job removes it. */
export function waveformKey(jobId: string, instanceId: string): string {
  const key = `${jobPrefix(jobId)}/waveforms/${instanceId}.rcw`;
  assertStorageKey(key);
  return key;
}

export async function saveWaveform(
  storage: MediaStorage,
  jobId: string,
  instanceId: string,
  energy: EnergyTrack,
): Promise<void> {
  await storage.write(waveformKey(jobId, instanceId), encodeWaveform(toWaveformTrack(energy)));
}

export async function loadWaveform(
  storage: MediaStorage,
  jobId: string,
  instanceId: string,
): Promise<WaveformTrack | undefined> {
  const key = waveformKey(jobId, instanceId);
  if (!(await storage.exists(key))) return undefined;
  return decodeWaveform(await readFile(storage.resolve(key)));
}

/**
 * Peaks of the window: the loudest frame of each slice, at the finest whole-frame rate that keeps
 * the answer under MAX_WAVEFORM_VALUES, whatever the window's length. Time past the end of the
 * recording reads as silence.
 */
export function waveformPeaks(track: WaveformTrack, window: ClipWindow): WaveformResponse {
  const duration = Math.max(0, window.end - window.start);
  const finest = Math.min(WAVEFORM_MAX_RATE, 1 / track.frameS);
  const wanted = RATES.find(
    (r) => r <= finest + 1e-9 && Math.ceil(duration * r) <= MAX_WAVEFORM_VALUES,
  );
  // NOTE: past 10 hours not even one value per second fits: slices grow, the answer stays bounded.
  const framesPerValue = wanted
    ? Math.max(1, Math.round(1 / (wanted * track.frameS)))
    : Math.ceil(duration / (MAX_WAVEFORM_VALUES * track.frameS));
  const rate = 1 / (framesPerValue * track.frameS);
  const count = Math.ceil(duration * rate - 1e-9);
  const first = Math.round(window.start / track.frameS);
  const peaks = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    let peak = 0;
    const from = first + i * framesPerValue;
    const to = Math.min(track.levels.length, from + framesPerValue);
    for (let f = from; f < to; f++) peak = Math.max(peak, track.levels[f] ?? 0);
    peaks[i] = Math.round((peak / 255) * 1000) / 1000;
  }
  return { start: window.start, rate, peaks };
}
