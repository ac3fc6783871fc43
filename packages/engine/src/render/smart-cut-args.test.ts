import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../types.ts';
import { reservedMoovBytes } from './encode-args.ts';
import {
  buildConcatList,
  buildCopyBatchArgs,
  buildEncodeBatchArgs,
  buildRestampMuxArgs,
  buildSmartMuxArgs,
  keyframeFrames,
  parseStreamParams,
  planSmartCut,
  smartCutBlocker,
  tsPaddingFor,
} from './smart-cut-args.ts';

const probe = {
  videoCodec: 'h264',
  variableFrameRate: false,
  rotation: 0,
  keyframes: [0, 2, 4],
} as ProbeResult;

describe('smartCutBlocker', () => {
  it('allows constant-rate, unrotated H.264 with keyframes and no subtitles', () => {
    expect(smartCutBlocker(probe, false)).toBeNull();
  });
  it('names the reason to fall back to a full encode', () => {
    expect(smartCutBlocker(probe, true)).toMatch(/subtitles/);
    expect(smartCutBlocker({ ...probe, videoCodec: 'hevc' }, false)).toMatch(/hevc/);
    expect(smartCutBlocker({ ...probe, variableFrameRate: true }, false)).toMatch(/variable/);
    expect(smartCutBlocker({ ...probe, rotation: 90 }, false)).toMatch(/rotation/);
    expect(smartCutBlocker({ ...probe, keyframes: [] }, false)).toMatch(/keyframe/);
    expect(smartCutBlocker({ ...probe, openGop: true }, false)).toMatch(/open GOP/);
    expect(smartCutBlocker({ ...probe, fps: 30, videoStartS: 0.4 }, false)).toMatch(/starts after/);
  });
  it('lets a picture that starts within half a frame of 0 be copied', () => {
    expect(smartCutBlocker({ ...probe, fps: 30, videoStartS: 0.01 }, false)).toBeNull();
  });
});

describe('planSmartCut', () => {
  const keys = keyframeFrames([0, 1.0000001, 2, 3, 2], 30);
  it('turns keyframe times into sorted unique frames', () => {
    expect(keys).toEqual([0, 30, 60, 90]);
  });
  it('with reordered frames, copies whole GOPs and encodes to the next and from the last keyframe', () => {
    expect(planSmartCut([{ first: 10, end: 75 }], keys, { copyTails: false })).toEqual([
      { kind: 'encode', first: 10, end: 30 },
      { kind: 'copy', first: 30, end: 60 },
      { kind: 'encode', first: 60, end: 75 },
    ]);
  });
  it('without reordering, copies from the first keyframe to the end of the span', () => {
    expect(planSmartCut([{ first: 10, end: 75 }], keys, { copyTails: true })).toEqual([
      { kind: 'encode', first: 10, end: 30 },
      { kind: 'copy', first: 30, end: 75 },
    ]);
    expect(planSmartCut([{ first: 35, end: 70 }], keys, { copyTails: true })).toEqual([
      { kind: 'encode', first: 35, end: 60 },
      { kind: 'copy', first: 60, end: 70 },
    ]);
  });
  it('copies a span that starts and ends on keyframes without encoding', () => {
    for (const copyTails of [true, false]) {
      expect(planSmartCut([{ first: 30, end: 90 }], keys, { copyTails })).toEqual([
        { kind: 'copy', first: 30, end: 90 },
      ]);
    }
  });
  it('encodes a span with no keyframe inside, or (reordered) a single one', () => {
    expect(planSmartCut([{ first: 31, end: 59 }], keys, { copyTails: true })).toEqual([
      { kind: 'encode', first: 31, end: 59 },
    ]);
    expect(planSmartCut([{ first: 35, end: 70 }], keys, { copyTails: false })).toEqual([
      { kind: 'encode', first: 35, end: 60 },
      { kind: 'encode', first: 60, end: 70 },
    ]);
  });
});

describe('smart cut command lines', () => {
  it('reads x264 profile, level and pixel format from ffprobe', () => {
    expect(
      parseStreamParams(
        '{"streams":[{"profile":"Constrained Baseline","level":31,"pix_fmt":"yuvj420p"}]}',
      ),
    ).toEqual({
      profile: 'baseline',
      level: '3.1',
      pixFmt: 'yuvj420p',
      reorders: true,
      startS: 0,
    });
    expect(
      parseStreamParams('{"streams":[{"profile":"High"}],"format":{"start_time":"1.400000"}}')
        .startS,
    ).toBe(1.4);
    expect(
      parseStreamParams('{"streams":[{"profile":"High","level":40,"has_b_frames":0}]}').reorders,
    ).toBe(false);
    expect(
      parseStreamParams('{"streams":[{"profile":"High","level":40,"has_b_frames":2}]}').reorders,
    ).toBe(true);
    expect(parseStreamParams('{"streams":[]}')).toEqual({
      profile: 'high',
      level: '4.0',
      pixFmt: 'yuv420p',
      reorders: true,
      startS: 0,
    });
  });
  it('encodes parts in one run, each input seeked half a frame early, counting frames', () => {
    const args = buildEncodeBatchArgs(
      { kind: 'file', path: 'in.mp4' },
      [
        { part: { kind: 'encode', first: 10, end: 30 }, outPath: 'p1.ts' },
        { part: { kind: 'encode', first: 70, end: 72 }, outPath: 'p2.ts' },
      ],
      30,
      { profile: 'high', level: '4.0', pixFmt: 'yuv420p', reorders: false, startS: 0 },
    );
    const encoder = (n: string, out: string) => [
      ...['-vf', 'setpts=PTS-STARTPTS', '-frames:v', n, '-r', '30'],
      ...['-c:v', 'libx264', '-threads', '1', '-preset', 'ultrafast', '-qp', '20'],
      ...['-profile:v', 'high', '-level:v', '4.0', '-pix_fmt', 'yuv420p', '-f', 'mpegts', out],
    ];
    expect(args).toEqual([
      ...['-threads', '1', '-ss', '0.316667', '-t', '0.7', '-i', 'in.mp4'],
      ...['-threads', '1', '-ss', '2.316667', '-t', '0.1', '-i', 'in.mp4'],
      ...['-map', '0:v:0', ...encoder('20', 'p1.ts')],
      ...['-map', '1:v:0', ...encoder('2', 'p2.ts')],
    ]);
  });
  it('reads piped parts as raw H.264 from their keyframe and trims to the first frame', () => {
    const args = buildEncodeBatchArgs(
      { kind: 'pipes', pipes: ['pipe:4', 'pipe:5'], from: [0, 60] },
      [
        { part: { kind: 'encode', first: 10, end: 30 }, outPath: 'p1.h264' },
        { part: { kind: 'encode', first: 60, end: 62 }, outPath: 'p2.h264' },
      ],
      30,
      { profile: 'high', level: '4.0', pixFmt: 'yuv420p', reorders: false, startS: 0 },
      'h264',
    );
    expect(args.slice(0, 16)).toEqual([
      ...['-threads', '1', '-f', 'h264', '-framerate', '30', '-i', 'pipe:4'],
      ...['-threads', '1', '-f', 'h264', '-framerate', '30', '-i', 'pipe:5'],
    ]);
    const filters = args.flatMap((a, i) => (a === '-vf' ? [args[i + 1]] : []));
    expect(filters).toEqual([
      'trim=start_frame=10,setpts=PTS-STARTPTS',
      'trim=start_frame=0,setpts=PTS-STARTPTS',
    ]);
    expect(args.filter((a) => a === 'in.mp4')).toEqual([]);
  });
  it('writes parts as raw H.264 for the in-order join', () => {
    const items = [{ part: { kind: 'copy' as const, first: 30, end: 60 }, outPath: 'c.h264' }];
    const params = { profile: 'main', level: '4.0', pixFmt: 'yuv420p', reorders: false, startS: 0 };
    expect(buildCopyBatchArgs('in.mp4', items, 30, 'h264').slice(-3)).toEqual([
      ...['-f', 'h264', 'c.h264'],
    ]);
    expect(
      buildEncodeBatchArgs({ kind: 'file', path: 'in.mp4' }, items, 30, params, 'h264').slice(-3),
    ).toEqual([...['-f', 'h264', 'c.h264']]);
  });
  it('copies parts in one run, each input seeked just past its keyframe, counting packets', () => {
    expect(
      buildCopyBatchArgs(
        'in.mp4',
        [
          { part: { kind: 'copy', first: 30, end: 60 }, outPath: 'c1.ts' },
          { part: { kind: 'copy', first: 90, end: 95 }, outPath: 'c2.ts' },
        ],
        30,
      ),
    ).toEqual([
      ...['-ss', '1.008333', '-t', '1.033333', '-i', 'in.mp4'],
      ...['-ss', '3.008333', '-t', '0.2', '-i', 'in.mp4'],
      ...['-map', '0:v:0', '-c:v', 'copy', '-frames:v', '30', '-f', 'mpegts', 'c1.ts'],
      ...['-map', '1:v:0', '-c:v', 'copy', '-frames:v', '5', '-f', 'mpegts', 'c2.ts'],
    ]);
  });
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
