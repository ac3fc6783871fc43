import { EXPORT_FORMATS } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { exportPieces, writeExport } from './export-formats.ts';
import type { ExportInput } from './export-timeline.ts';

const input = (cuts: number, phrases: number): ExportInput => ({
  title: 'Tom & "Jerry" 😀',
  fileName: 'talk & <notes> #1.mp4',
  probe: {
    durationS: 600,
    fps: 30000 / 1001,
    variableFrameRate: false,
    displayWidth: 1920,
    displayHeight: 1080,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: Array.from({ length: cuts }, (_, i) => ({ start: i * 2 + 0.13, end: i * 2 + 1.71 })),
  phrases: Array.from({ length: phrases }, (_, i) => ({
    start: i * 3 + 0.2,
    end: i * 3 + 1.4,
    phrase: `Phrase ${i} <"quoted"> & 😀`,
  })),
});

describe('exportPieces', () => {
  it.each(EXPORT_FORMATS)('%s: the pieces join into the whole export', (format) => {
    for (const [cuts, phrases] of [
      [1, 0],
      [3, 1],
      [40, 25],
    ] as const) {
      const pieces = [...exportPieces(format, input(cuts, phrases))];
      expect(pieces.join('')).toBe(writeExport(format, input(cuts, phrases)));
    }
  });

  it('writes the long timelines clip by clip, never as one piece', () => {
    for (const format of ['xmeml', 'otio'] as const) {
      const pieces = [...exportPieces(format, input(40, 25))];
      expect(pieces.length, format).toBeGreaterThan(80);
      expect(Math.max(...pieces.map((p) => p.length)), format).toBeLessThan(4000);
    }
  });

  it('spells the OTIO document as JSON.stringify with two spaces does', () => {
    for (const [cuts, phrases] of [
      [1, 0],
      [40, 25],
    ] as const) {
      const text = writeExport('otio', input(cuts, phrases));
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
  });
});
