import { describe, expect, it } from 'vitest';
import { formatBytes, uploadProgressLabel, uploadProgressPercent } from './upload-progress.ts';

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
