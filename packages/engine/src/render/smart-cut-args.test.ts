import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../types.ts';
import {
  buildConcatList,
  buildCopyPartArgs,
  buildEncodePartArgs,
  buildSmartMuxArgs,
  keyframeFrames,
  parseStreamParams,
  planSmartCut,
  smartCutBlocker,
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
  });
});

describe('planSmartCut', () => {
  const keys = keyframeFrames([0, 1.0000001, 2, 3, 2], 30);
  it('turns keyframe times into sorted unique frames', () => {
    expect(keys).toEqual([0, 30, 60, 90]);
  });
  it('copies whole GOPs inside a span and encodes only to the next and from the last keyframe', () => {
    expect(planSmartCut([{ first: 10, end: 75 }], keys)).toEqual([
      { kind: 'encode', first: 10, end: 30 },
      { kind: 'copy', first: 30, end: 60 },
      { kind: 'encode', first: 60, end: 75 },
    ]);
  });
  it('copies a span that starts and ends on keyframes without encoding', () => {
    expect(planSmartCut([{ first: 30, end: 90 }], keys)).toEqual([
      { kind: 'copy', first: 30, end: 90 },
    ]);
  });
  it('encodes a span with fewer than two keyframes inside', () => {
    expect(planSmartCut([{ first: 35, end: 70 }], keys)).toEqual([
      { kind: 'encode', first: 35, end: 70 },
    ]);
  });
});

describe('smart cut command lines', () => {
  it('reads x264 profile, level and pixel format from ffprobe', () => {
    expect(
      parseStreamParams(
        '{"streams":[{"profile":"Constrained Baseline","level":31,"pix_fmt":"yuvj420p"}]}',
      ),
    ).toEqual({ profile: 'baseline', level: '3.1', pixFmt: 'yuvj420p' });
    expect(parseStreamParams('{"streams":[]}')).toEqual({
      profile: 'high',
      level: '4.0',
      pixFmt: 'yuv420p',
    });
  });
  it('encodes a part from an accurate seek half a frame early, counting frames', () => {
    const args = buildEncodePartArgs(
      'in.mp4',
      { kind: 'encode', first: 10, end: 30 },
      30,
      { profile: 'high', level: '4.0', pixFmt: 'yuv420p' },
      'p.ts',
    );
    expect(args).toEqual([
      '-ss',
      '0.316667',
      '-i',
      'in.mp4',
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      'setpts=PTS-STARTPTS',
      '-frames:v',
      '20',
      '-r',
      '30',
      '-c:v',
      'libx264',
      '-preset',
      'superfast',
      '-crf',
      '18',
      '-profile:v',
      'high',
      '-level:v',
      '4.0',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mpegts',
      'p.ts',
    ]);
  });
  it('copies a part from just past its keyframe, counting packets', () => {
    expect(buildCopyPartArgs('in.mp4', { kind: 'copy', first: 30, end: 60 }, 30, 'c.ts')).toEqual([
      '-ss',
      '1.008333',
      '-i',
      'in.mp4',
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-c:v',
      'copy',
      '-frames:v',
      '30',
      '-f',
      'mpegts',
      'c.ts',
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
  it('joins the video by copy and encodes the sound from the source', () => {
    expect(
      buildSmartMuxArgs({
        listPath: 'l.txt',
        inputPath: 'in.mp4',
        graphPath: 'g.txt',
        offsetS: 0,
        lengthS: 10,
        outPath: 'o.mp4',
      }),
    ).toEqual([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      'l.txt',
      '-t',
      '10',
      '-i',
      'in.mp4',
      '-filter_complex_script',
      'g.txt',
      '-map',
      '0:v:0',
      '-map',
      '[a]',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-f',
      'mp4',
      'o.mp4',
    ]);
  });
});
