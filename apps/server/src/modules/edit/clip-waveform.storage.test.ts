import { describe, expect, it } from 'vitest';
import {
  MAX_WAVEFORM_VALUES,
  decodeWaveform,
  encodeWaveform,
  toWaveformTrack,
  waveformKey,
  waveformPeaks,
} from './clip-waveform.storage.ts';

/** dB per 10 ms frame: silence (-100) with loud speech (-20) at the given frames. */
function energy(frames: number, loud: (i: number) => boolean) {
  const db = new Float32Array(frames);
  for (let i = 0; i < frames; i++) db[i] = loud(i) ? -20 : -100;
  return { frameS: 0.01, db };
}

describe('waveform track', () => {
  it('scales loudness to the recording: speech full height, silence zero', () => {
    const track = toWaveformTrack(energy(200, (i) => i >= 100));
    expect(track.levels[0]).toBe(0);
    expect(track.levels[150]).toBe(255);
    // 25 dB below the speech draws at half height.
    const mixed = toWaveformTrack({ frameS: 0.01, db: Float32Array.from([-20, -45, -20, -20]) });
    expect(mixed.levels[1]).toBe(128);
  });

  it('round-trips through its compact file form (one byte per frame)', () => {
    const track = toWaveformTrack(energy(360_000, (i) => i % 7 === 0));
    const file = encodeWaveform(track);
    expect(file.length).toBe(360_008);
    const back = decodeWaveform(file);
    expect(back?.frameS).toBeCloseTo(0.01, 9);
    expect(back?.levels).toEqual(track.levels);
    expect(decodeWaveform(Buffer.from('nonsense'))).toBeUndefined();
  });

  it('is kept inside the job folder', () => {
    expect(waveformKey('job-1', 'inst-1')).toBe('jobs/job-1/waveforms/inst-1.rcw');
    expect(() => waveformKey('job-1', '../x')).toThrow();
  });
});

describe('waveform peaks', () => {
  const track = toWaveformTrack(energy(6000, (i) => i >= 1000 && i < 1010));

  it('answers 100 values a second from the window start for a short clip', () => {
    const answer = waveformPeaks(track, { start: 9.5, end: 11 });
    expect(answer.start).toBe(9.5);
    expect(answer.rate).toBe(100);
    expect(answer.peaks).toHaveLength(150);
    expect(answer.peaks[49]).toBe(0);
    expect(answer.peaks[50]).toBe(1);
    expect(answer.peaks[60]).toBe(0);
  });

  it('keeps each slice’s loudest moment when the rate falls for a long clip', () => {
    const hour = toWaveformTrack(energy(360_000, (i) => i === 123_456));
    const answer = waveformPeaks(hour, { start: 0, end: 3600 });
    expect(answer.rate).toBe(10);
    expect(answer.peaks.length).toBeLessThanOrEqual(MAX_WAVEFORM_VALUES);
    expect(answer.peaks).toHaveLength(36_000);
    expect(answer.peaks[12_345]).toBe(1);
    expect(answer.peaks.filter((p) => p > 0)).toHaveLength(1);
  });

  it('stays bounded for a window of any length (a header that claimed 36,000,000 s)', () => {
    const answer = waveformPeaks(track, { start: 0, end: 36_000_000 });
    expect(answer.peaks.length).toBeLessThanOrEqual(MAX_WAVEFORM_VALUES);
    expect(answer.rate).toBeCloseTo(MAX_WAVEFORM_VALUES / 36_000_000, 9);
    expect(answer.peaks[0]).toBe(1);
    expect(answer.peaks.slice(1).every((p) => p === 0)).toBe(true);
    const day = waveformPeaks(track, { start: 0, end: 86_400 });
    expect(day.peaks.length).toBeLessThanOrEqual(MAX_WAVEFORM_VALUES);
  });

  it('reads time past the end of the recording as silence', () => {
    const answer = waveformPeaks(track, { start: 59, end: 61 });
    expect(answer.peaks).toHaveLength(200);
    expect(answer.peaks.slice(100).every((p) => p === 0)).toBe(true);
  });
});
