import { describe, expect, it } from 'vitest';
import {
  addSpeedSample,
  formatBytes,
  formatSecondsLeft,
  measuredSpeed,
  secondsLeft,
  uploadProgressLabel,
  uploadProgressPercent,
} from './upload-progress.rules.ts';

describe('upload progress', () => {
  it('rounds the percentage down and clamps it', () => {
    expect(uploadProgressPercent({ loaded: 0, total: 100 })).toBe(0);
    expect(uploadProgressPercent({ loaded: 999, total: 1000 })).toBe(99);
    expect(uploadProgressPercent({ loaded: 1000, total: 1000 })).toBe(100);
    expect(uploadProgressPercent({ loaded: 1200, total: 1000 })).toBe(100);
    expect(uploadProgressPercent({ loaded: 50, total: 0 })).toBe(0);
  });

  it('formats byte counts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(15 * 1024 * 1024)).toBe('15 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
  });

  it('labels the upload with figures once the total is known', () => {
    expect(uploadProgressLabel('a.mp4', { loaded: 0, total: 0 })).toBe('Uploading a.mp4...');
    expect(uploadProgressLabel('a.mp4', { loaded: 512 * 1024, total: 1024 * 1024 })).toBe(
      'Uploading a.mp4... 50% (512 KB of 1 MB)',
    );
  });
});

describe('upload speed and time left', () => {
  it('measures the speed over the window once it spans a second', () => {
    let samples = addSpeedSample([], { atMs: 0, loaded: 0 });
    expect(measuredSpeed(samples)).toBeNull();
    samples = addSpeedSample(samples, { atMs: 500, loaded: 1_000_000 });
    expect(measuredSpeed(samples)).toBeNull();
    samples = addSpeedSample(samples, { atMs: 2000, loaded: 4_000_000 });
    expect(measuredSpeed(samples)).toBe(2_000_000);
    samples = addSpeedSample(samples, { atMs: 12_000, loaded: 6_000_000 });
    expect(samples.map((s) => s.atMs)).toEqual([12_000]);
  });

  it('restarts after a reconnect that went back to an earlier offset', () => {
    const before = [
      { atMs: 0, loaded: 5_000_000 },
      { atMs: 1000, loaded: 6_000_000 },
    ];
    expect(addSpeedSample(before, { atMs: 2000, loaded: 5_500_000 })).toEqual([
      { atMs: 0, loaded: 5_000_000 },
      { atMs: 2000, loaded: 5_500_000 },
    ]);
  });

  it('says the speed and the time left beside the bytes', () => {
    const progress = {
      loaded: 150 * 1024 ** 2,
      total: 300 * 1024 ** 2,
      bytesPerSecond: 12 * 1024 ** 2,
    };
    expect(uploadProgressLabel('talk.mp4', progress)).toBe(
      'Uploading talk.mp4... 50% (150 MB of 300 MB) · 12 MB/s · 13 s left',
    );
    expect(formatSecondsLeft(125)).toBe('2 min 5 s');
    expect(formatSecondsLeft(3720)).toBe('1 h 2 min');
    expect(secondsLeft({ loaded: 10, total: 10, bytesPerSecond: 5 })).toBeNull();
  });
});
