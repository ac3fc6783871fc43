import { describe, expect, it } from 'vitest';
import { buildCopyBatchArgs } from './smart-cut-copy-args.ts';
import { buildEncodeBatchArgs, parseStreamParams } from './smart-cut-encode-args.ts';

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
});
