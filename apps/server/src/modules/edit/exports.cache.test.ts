import { describe, expect, it } from 'vitest';
import { exportStateOf } from './exports.cache.ts';
import type { ExportSource } from './exports.cache.ts';

const clip = {
  id: 'clip-1',
  title: 'A clip',
  isLongForm: true,
  startS: 0,
  endS: 30,
  removeFillers: false,
  version: 'v1',
};

const source: ExportSource = {
  fileName: 'take.mov',
  probe: {
    durationS: 30,
    fps: 30000 / 1001,
    variableFrameRate: false,
    displayWidth: 1920,
    displayHeight: 1080,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
};

describe("an export's state", () => {
  it("changes with the source's start timecode, which the timelines count from", () => {
    const plain = exportStateOf(clip, source);
    const timecoded = (timecode: string) =>
      exportStateOf(clip, { ...source, probe: { ...source.probe, timecode } });
    expect(timecoded('14:03:22;12')).not.toBe(plain);
    expect(timecoded('14:03:22;12')).not.toBe(timecoded('10:00:00;00'));
    expect(timecoded('14:03:22;12')).toBe(timecoded('14:03:22;12'));
    expect(exportStateOf(clip, source)).toBe(plain);
  });
});
