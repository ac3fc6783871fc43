import { describe, expect, it } from 'vitest';
import {
  buildPcmDecodeArgs,
  buildPcmEncodeArgs,
  createPcmCutter,
  pcmFormatOf,
  spansToSampleRanges,
} from './pcm-cut.ts';

describe('spansToSampleRanges', () => {
  it('turns frame spans into sample ranges from the input offset', () => {
    expect(
      spansToSampleRanges(
        [
          { first: 30, end: 45 },
          { first: 60, end: 61 },
        ],
        30,
        0.5,
        48_000,
      ),
    ).toEqual([
      { start: 24_000, end: 48_000 },
      { start: 72_000, end: 73_600 },
    ]);
  });
  it('rounds both ends alike, so the kept length stays within a sample of the frames', () => {
    const ranges = spansToSampleRanges([{ first: 1, end: 2 }], 30000 / 1001, 0, 44_100);
    expect(ranges[0]!.end - ranges[0]!.start).toBeCloseTo(44_100 / (30000 / 1001), -0.5);
  });
});

describe('createPcmCutter', () => {
  const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 256);
  const join = (parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

  it('keeps exactly the ranges, however the stream is chunked', () => {
    // Stereo 16-bit: 4 bytes a sample frame. Keep samples [2,5) and [7,8) of 10.
    const input = bytes(40);
    const want = Buffer.concat([
      Buffer.from(input.subarray(8, 20)),
      Buffer.from(input.subarray(28, 32)),
    ]);
    for (const size of [1, 3, 4, 7, 40]) {
      const cut = createPcmCutter(
        [
          { start: 2, end: 5 },
          { start: 7, end: 8 },
        ],
        { sampleRate: 8000, channels: 2 },
      );
      const kept: Uint8Array[] = [];
      for (let i = 0; i < input.length; i += size) kept.push(...cut(input.subarray(i, i + size)));
      expect(join(kept)).toEqual(want);
    }
  });
  it('keeps nothing after the last range and nothing without ranges', () => {
    const cut = createPcmCutter([{ start: 0, end: 1 }], { sampleRate: 8000, channels: 1 });
    expect(join(cut(bytes(4)))).toEqual(Buffer.from([0, 1]));
    expect(cut(bytes(4))).toEqual([]);
    expect(createPcmCutter([], { sampleRate: 8000, channels: 1 })(bytes(8))).toEqual([]);
  });
});

describe('PCM command lines', () => {
  it('decodes the bounded sound to 16-bit PCM on stdout', () => {
    expect(
      buildPcmDecodeArgs({
        inputPath: 'in.mp4',
        offsetS: 1.5,
        lengthS: 9,
        format: { sampleRate: 48_000, channels: 1 },
      }),
    ).toEqual([
      ...['-ss', '1.5', '-t', '9', '-i', 'in.mp4', '-map', '0:a:0'],
      // On the timeline: silence before a late start and after an early end, 9 s exactly.
      '-af',
      'aresample=48000:async=1:min_hard_comp=0.01:first_pts=0,apad=whole_len=432000',
      ...['-ar', '48000', '-ac', '1', '-f', 's16le', 'pipe:1'],
    ]);
  });
  it('encodes PCM from stdin as AAC with the fast coder', () => {
    expect(buildPcmEncodeArgs({ sampleRate: 44_100, channels: 2 }, 'a.m4a')).toEqual([
      ...['-f', 's16le', '-ar', '44100', '-ac', '2', '-i', 'pipe:0'],
      ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k', '-f', 'mp4', 'a.m4a'],
    ]);
  });
  it('reads the format from the probe, with defaults for odd values', () => {
    expect(pcmFormatOf({ audioSampleRate: 44_100, audioChannels: 1 })).toEqual({
      sampleRate: 44_100,
      channels: 1,
    });
    expect(pcmFormatOf({ audioSampleRate: 0, audioChannels: 0 })).toEqual({
      sampleRate: 48_000,
      channels: 2,
    });
  });
});
