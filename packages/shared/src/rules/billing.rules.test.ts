import { describe, expect, it } from 'vitest';
import { formatBytes } from './billing.rules.ts';

const GB = 1024 ** 3;

describe('formatBytes', () => {
  it('uses binary units with at most two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1000)).toBe('1000 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(850 * 1024 ** 2)).toBe('850 MB');
    expect(formatBytes(1.25 * GB)).toBe('1.25 GB');
    expect(formatBytes(10 * GB)).toBe('10 GB');
    expect(formatBytes(-5)).toBe('0 B');
  });
});
