import { describe, expect, it } from 'vitest';
import {
  fitChipText,
  gapAtTime,
  indexAtTime,
  drawnMarkerStride,
  handleAtTime,
  minorTickStep,
  visibleIndexRange,
  waveformColumns,
} from './timeline-geometry.ts';

const GAPS = [
  { id: 'gap-0', start: 1, end: 2 },
  { id: 'gap-1', start: 4, end: 4.1 },
  { id: 'gap-2', start: 6, end: 8 },
];

describe('timeline geometry', () => {
  it('finds the spans overlapping a window', () => {
    expect(visibleIndexRange(GAPS, 0, 10)).toEqual([0, 3]);
    expect(visibleIndexRange(GAPS, 2, 6)).toEqual([1, 2]);
    expect(visibleIndexRange(GAPS, 1.5, 4.05)).toEqual([0, 2]);
    expect(visibleIndexRange(GAPS, 8, 9)).toEqual([3, 3]);
  });

  it('finds the gap under a time', () => {
    expect(gapAtTime(GAPS, 1.5)?.id).toBe('gap-0');
    expect(gapAtTime(GAPS, 3)).toBeNull();
    expect(gapAtTime(GAPS, 8)).toBeNull();
    expect(gapAtTime(GAPS, 6)?.id).toBe('gap-2');
  });

  it('grabs the nearest edge within the tolerance', () => {
    expect(handleAtTime(GAPS, 1.04, 0.05)).toEqual({ id: 'gap-0', side: 'start' });
    expect(handleAtTime(GAPS, 1.97, 0.05)).toEqual({ id: 'gap-0', side: 'end' });
    expect(handleAtTime(GAPS, 3, 0.05)).toBeNull();
    // A gap narrower than the grab zone: the side of its middle decides.
    expect(handleAtTime(GAPS, 4.03, 0.2)).toEqual({ id: 'gap-1', side: 'start' });
    expect(handleAtTime(GAPS, 4.08, 0.2)).toEqual({ id: 'gap-1', side: 'end' });
  });

  it('takes the loudest peak under each pixel column', () => {
    const waveform = { start: 10, rate: 10, peaks: [0.1, 0.9, 0.2, 0.3, 0, 0, 0.5, 0.4] };
    expect(Array.from(waveformColumns(waveform, 10, 10.8, 4))).toEqual([
      expect.closeTo(0.9, 5),
      expect.closeTo(0.3, 5),
      0,
      expect.closeTo(0.5, 5),
    ]);
    // Zoomed in past the waveform's rate: each column still shows its value.
    expect(waveformColumns(waveform, 10.1, 10.2, 3)[1]).toBeCloseTo(0.9, 5);
    // Outside the data: silence.
    expect(Array.from(waveformColumns(waveform, 20, 21, 2))).toEqual([0, 0]);
  });

  it('puts unlabelled ticks between the markers, never closer than 8 px', () => {
    // A 20 s clip on 1000 px at 1x: markers every 30 s, ticks every 0.2 s.
    expect(minorTickStep(30, 50)).toBe(0.2);
    expect(minorTickStep(30, 2)).toBe(5);
    expect(minorTickStep(0.5, 500)).toBe(0.1);
    expect(minorTickStep(0.5, 20)).toBeNull();
    expect(minorTickStep(5, 10)).toBe(1);
  });

  it('thins markers closer than 4 px to round times', () => {
    expect(drawnMarkerStride(0.5, 50)).toBe(1);
    // One hour at 10x on 1150 px: 3.2 px a second, 0.5 s markers 1.6 px apart: every 2 s.
    expect(drawnMarkerStride(0.5, 3.2)).toBe(4);
    expect(drawnMarkerStride(30, 0.05)).toBe(4);
  });
});

describe('word chips (issue 33)', () => {
  const measure = (text: string) => text.length * 6;

  it('shows the whole word, else its start and an ellipsis, else nothing', () => {
    expect(fitChipText('Today', 30, measure)).toBe('Today');
    expect(fitChipText('Today', 24, measure)).toBe('Tod…');
    expect(fitChipText('Today', 12, measure)).toBe('T…');
    expect(fitChipText('Today', 11, measure)).toBe('');
    expect(fitChipText('Today', 0, measure)).toBe('');
  });

  it('never splits a letter from its accent', () => {
    const word = 'cafe\u0301sxyz';
    const byCodePoint = (t: string) => Array.from(t).length * 6;
    expect(fitChipText(word, 36, byCodePoint)).toBe('cafe\u0301…');
    // No room for the accent: the letter goes with it, never "cafe…".
    expect(fitChipText(word, 30, byCodePoint)).toBe('caf…');
  });

  it('finds the word under a time', () => {
    const words = [
      { start: 0, end: 1 },
      { start: 1.2, end: 2 },
    ];
    expect(indexAtTime(words, 1.5)).toBe(1);
    expect(indexAtTime(words, 1.1)).toBe(-1);
  });
});
