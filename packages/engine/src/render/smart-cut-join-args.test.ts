import { describe, expect, it } from 'vitest';
import { reservedMoovBytes } from './encode-args.ts';
import {
  buildConcatList,
  buildRestampMuxArgs,
  buildSmartMuxArgs,
  tsPaddingFor,
} from './smart-cut-join-args.ts';

describe('smart cut command lines', () => {
  it('lists parts with exact durations, quoting paths', () => {
    expect(
      buildConcatList([
        { path: '/t/a.ts', durationS: 0.5 },
        { path: "/t/it's.ts", durationS: 1 },
      ]),
    ).toBe("file '/t/a.ts'\nduration 0.5\nfile '/t/it'\\''s.ts'\nduration 1\n");
  });
  it('joins parts through the concat demuxer and the sound, all by copy', () => {
    expect(buildSmartMuxArgs({ listPath: 'l.txt', audioPath: 'a.m4a', outPath: 'o.mp4' })).toEqual([
      ...['-f', 'concat', '-safe', '0', '-i', 'l.txt', '-i', 'a.m4a'],
      ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy'],
      ...['-movflags', '+faststart', '-map_metadata', '-1', '-f', 'mp4', 'o.mp4'],
    ]);
  });
  it('joins parts from stdin as one H.264 stream, stamping picture N at N frames', () => {
    expect(
      buildRestampMuxArgs({ audioPath: 'a.m4a', fps: 30000 / 1001, outPath: 'o.mp4' }),
    ).toEqual([
      ...['-f', 'h264', '-i', 'pipe:0', '-i', 'a.m4a'],
      ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy'],
      ...['-bsf:v', 'setts=ts=N/(30000/1001)/TB'],
      ...['-movflags', '+faststart', '-map_metadata', '-1', '-f', 'mp4', 'o.mp4'],
    ]);
  });
  it('writes the index into room reserved at the front when the sample counts are known', () => {
    const index = { videoFrames: 300, audioS: 10, audioSampleRate: 48_000 };
    const args = buildRestampMuxArgs({ audioPath: 'a.m4a', fps: 30, outPath: 'o.mp4', index });
    expect(args).not.toContain('+faststart');
    expect(args.slice(-7)).toEqual([
      ...['-moov_size', String(reservedMoovBytes(index)), '-map_metadata', '-1', '-f', 'mp4'],
      'o.mp4',
    ]);
    expect(buildSmartMuxArgs({ listPath: 'l', audioPath: 'a', outPath: 'o', index })).toContain(
      '-moov_size',
    );
  });
});

describe('reservedMoovBytes', () => {
  it('leaves room for the largest index ffmpeg can write for those samples', () => {
    // 10 min at 30 fps and 48 kHz AAC: 18,000 pictures and 28,127 sound frames.
    const index = { videoFrames: 18_000, audioS: 600, audioSampleRate: 48_000 };
    const samples = 18_000 + Math.ceil((600 * 48_000) / 1024);
    // NOTE: per sample at worst: size 4, 64-bit offset 8, chunk map 12, duration 8, keyframe 4.
    expect(reservedMoovBytes(index)).toBeGreaterThan(samples * 36 + 4096);
    // ...and stays small beside the media (a few bytes per kilobyte of 1080p).
    expect(reservedMoovBytes(index)).toBeLessThan(2_000_000);
  });
});

describe('tsPaddingFor', () => {
  it('pads a tiny part with whole null packets so it is probed as MPEG-TS', () => {
    const padding = tsPaddingFor(3 * 188);
    expect(padding?.length).toBe(21 * 188);
    for (let at = 0; at < padding!.length; at += 188) {
      expect([...padding!.subarray(at, at + 4)]).toEqual([0x47, 0x1f, 0xff, 0x10]);
    }
    expect(padding![4]).toBe(0xff);
  });
  it('leaves a part of a usual size alone', () => {
    expect(tsPaddingFor(24 * 188)).toBeNull();
    expect(tsPaddingFor(1_000_000)).toBeNull();
  });
});
