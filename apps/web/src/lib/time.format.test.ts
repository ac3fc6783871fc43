import { describe, expect, it } from 'vitest';
import {
  formatClipSpan,
  formatClipTime,
  formatClock,
  formatDuration,
  formatPlayerTime,
  formatRelativeTime,
  formatSeconds,
  formatTolerancePercent,
  roundTo,
} from './time.format.ts';

const NOW = 1_700_000_000_000;
const ago = (seconds: number): number => NOW / 1000 - seconds;

describe('formatRelativeTime', () => {
  it('reads "x ago" with the largest unit', () => {
    expect(formatRelativeTime(ago(2), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(-30), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(30), NOW)).toBe('30 seconds ago');
    expect(formatRelativeTime(ago(60), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(150), NOW)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(3600), NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(86_400 * 3), NOW)).toBe('3 days ago');
    expect(formatRelativeTime(ago(86_400 * 14), NOW)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(86_400 * 60), NOW)).toBe('2 months ago');
    expect(formatRelativeTime(ago(86_400 * 400), NOW)).toBe('1 year ago');
  });
});

describe('formatDuration', () => {
  it('shows d, h, m and s, leaving zero units out', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(90)).toBe('1m 30s');
    expect(formatDuration(3600)).toBe('1h');
    expect(formatDuration(3605)).toBe('1h 5s');
    expect(formatDuration(90_061.5)).toBe('1d 1h 1m 1.5s');
    expect(formatDuration(1.234)).toBe('1.23s');
    expect(formatDuration(59.999)).toBe('1m');
    expect(formatDuration(-2)).toBe('-2s');
  });
});

describe('player time and numbers', () => {
  it('shows current / total', () => {
    expect(formatPlayerTime(5.9, 90)).toBe('0:05 / 1:30');
    expect(formatPlayerTime(3725, 7200)).toBe('1:02:05 / 2:00:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(-1)).toBe('0:00');
  });

  it('reads the clip screen clock in tenths, rounded down as a player counts', () => {
    expect(formatClipTime(0)).toBe('0:00.0');
    expect(formatClipTime(6.58)).toBe('0:06.5');
    expect(formatClipTime(0.3)).toBe('0:00.3');
    expect(formatClipTime(0.1 + 0.2)).toBe('0:00.3');
    expect(formatClipTime(65.99)).toBe('1:05.9');
    expect(formatClipTime(3725.25)).toBe('1:02:05.2');
    expect(formatClipTime(-2)).toBe('0:00.0');
    expect(formatClipTime(Number.NaN)).toBe('0:00.0');
    expect(formatClipTime(5.9, 0)).toBe('0:05');
    expect(formatClipSpan(6.51, 7.68)).toBe('0:06.5 – 0:07.6');
  });

  it('shows seconds with two decimals', () => {
    expect(formatSeconds(12.3)).toBe('12.30');
    expect(formatSeconds(1.005)).toBe('1.01');
  });

  it('shows the tolerance as a rounded-up percent', () => {
    expect(formatTolerancePercent(0.8)).toBe('80%');
    expect(formatTolerancePercent(0.07)).toBe('7%');
    expect(formatTolerancePercent(0.805)).toBe('81%');
    expect(formatTolerancePercent(0)).toBe('0%');
    expect(formatTolerancePercent(1)).toBe('100%');
  });

  it('rounds without binary noise', () => {
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
  });
});
