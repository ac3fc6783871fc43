import { describe, expect, it } from 'vitest';
import {
  buildFfmpegArgs,
  buildFfprobeArgs,
  createLineTail,
  createProgressParser,
  describeFailure,
} from './ffmpeg-runner.ts';

describe('buildFfmpegArgs', () => {
  it('puts the non-interactive flags before the caller arguments', () => {
    expect(buildFfmpegArgs(['-i', 'in.mp4', 'out.mp4'])).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-nostats',
      '-i',
      'in.mp4',
      'out.mp4',
    ]);
  });

  it('asks for machine-readable progress on fd 3 only when progress is wanted', () => {
    const args = buildFfmpegArgs(['-i', 'a'], { onProgress: () => undefined, logLevel: 'info' });
    expect(args.slice(0, 8)).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'info',
      '-progress',
      'pipe:3',
      '-nostats',
    ]);
  });

  it('passes user text through as single arguments, never split', () => {
    const name = 'my file; rm -rf $HOME.mp4';
    expect(buildFfmpegArgs(['-i', name])).toContain(name);
  });

  it('builds quiet ffprobe arguments', () => {
    expect(buildFfprobeArgs(['-show_format', 'x.mp4'])).toEqual([
      '-hide_banner',
      '-loglevel',
      'error',
      '-show_format',
      'x.mp4',
    ]);
  });
});

describe('createProgressParser', () => {
  it('turns out_time_us into a fraction, across split chunks, monotonic, ending at 1', () => {
    const seen: number[] = [];
    const parse = createProgressParser(10, (f) => seen.push(f));
    parse('frame=1\nout_time_us=2500');
    parse('000\nprogress=continue\nout_time_us=N/A\n');
    parse('out_time_us=1000000\n'); // going backwards is ignored
    parse('out_time_ms=5000000\nprogress=continue\n');
    parse('out_time_us=12000000\nprogress=end\n');
    expect(seen).toEqual([0.25, 0.5, 1]);
  });

  it('reports only the end when the duration is unknown', () => {
    const seen: number[] = [];
    const parse = createProgressParser(undefined, (f) => seen.push(f));
    parse('out_time_us=5000000\nprogress=continue\nprogress=end\n');
    expect(seen).toEqual([1]);
  });
});

describe('stderr handling', () => {
  it('keeps a bounded tail of lines', () => {
    const lines: string[] = [];
    const tail = createLineTail(2, (l) => lines.push(l));
    tail.write('a\nb\r\n');
    tail.write('c\nd');
    tail.end();
    expect(tail.lines()).toEqual(['c', 'd']);
    expect(lines).toEqual(['a', 'b', 'c', 'd']);
  });

  it('describes a failure with the most specific line', () => {
    const msg = describeFailure(
      'ffmpeg',
      1,
      null,
      'in.mp4: Invalid data found when processing input\nConversion failed!',
    );
    expect(msg).toBe('ffmpeg exited with code 1: in.mp4: Invalid data found when processing input');
    expect(describeFailure('ffmpeg', null, 'SIGKILL', '')).toBe('ffmpeg was killed by SIGKILL');
  });
});
