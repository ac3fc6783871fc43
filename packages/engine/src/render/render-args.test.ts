import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../types.ts';
import {
  assFilter,
  buildCutFilterGraph,
  escapeFilterPath,
  inputWindow,
  sumExpression,
} from './cut-graph.ts';
import { buildEncodeArgs, reservedMoovBytes } from './encode-args.ts';
import { SHORT_ENCODER } from './short-clip.ts';
import { centreCrop } from '../frames/crop.ts';
import { reframeFilters } from './reframe.ts';
import {
  assertSomethingKept,
  formatSeconds,
  fpsRational,
  frameCount,
  pictureShortfallS,
  renderFps,
  snapSpans,
} from '../frames/spans.ts';

describe('snapSpans', () => {
  it('snaps to frames, sorts, clamps and merges touching spans', () => {
    expect(
      snapSpans(
        [
          { start: 5.01, end: 6 },
          { start: -1, end: 1.02 },
          { start: 1.0, end: 2 },
          { start: 9.5, end: 20 },
          { start: 3, end: 3.001 },
        ],
        30,
        10,
      ),
    ).toEqual([
      { first: 0, end: 60 },
      { first: 150, end: 180 },
      { first: 285, end: 300 },
    ]);
  });
  it('keeps the joined length within a frame of the total over many spans', () => {
    const keep = Array.from({ length: 200 }, (_, i) => ({
      start: i * 1.37 + 0.013,
      end: i * 1.37 + 1.1,
    }));
    const wanted = keep.reduce((t, s) => t + s.end - s.start, 0);
    const spans = snapSpans(keep, 30, 400);
    expect(Math.abs(frameCount(spans) / 30 - wanted)).toBeLessThanOrEqual(1 / 30);
    spans.forEach((s, i) => {
      expect(Math.abs(s.first / 30 - keep[i]!.start)).toBeLessThanOrEqual(0.5 / 30);
      expect(Math.abs(s.end / 30 - keep[i]!.end)).toBeLessThan(1 / 30);
    });
  });
  it('renders a variable frame rate at the next standard rate', () => {
    expect(renderFps({ fps: 15.25, variableFrameRate: true })).toBe(24);
    expect(renderFps({ fps: 29.8, variableFrameRate: true })).toBe(30);
    // A phone's 30 fps averages a little over 30: that is still 30, not 50.
    expect(renderFps({ fps: 30.08, variableFrameRate: true })).toBe(30);
    expect(renderFps({ fps: 31.5, variableFrameRate: true })).toBe(50);
    expect(renderFps({ fps: 29.97, variableFrameRate: false })).toBe(29.97);
  });
  it('counts frames and refuses an empty render', () => {
    expect(frameCount([{ first: 3, end: 10 }])).toBe(7);
    expect(() => assertSomethingKept([])).toThrow(/Nothing is left to render/);
  });
  it('formats times and frame rates the way ffmpeg reads them exactly', () => {
    expect(formatSeconds(1.5)).toBe('1.5');
    expect(formatSeconds(2)).toBe('2');
    expect(formatSeconds(1e-7)).toBe('0');
    expect(fpsRational(29.97002997)).toBe('30000/1001');
    expect(fpsRational(25)).toBe('25');
  });
});

describe('buildCutFilterGraph', () => {
  const spans = [
    { first: 30, end: 60 },
    { first: 90, end: 120 },
  ];
  it('selects the kept frames with half-frame margins', () => {
    const graph = buildCutFilterGraph({ spans, fps: 30, offsetS: 0 });
    expect(graph).toBe(
      "[0:v:0]fps=30:start_time=0,select='between(t,0.983333,1.983333)+between(t,2.983333,3.983333)',setpts=N/(30)/TB[v]",
    );
  });
  it('places frames on the grid from the seek point first, then selects and appends the tail', () => {
    const graph = buildCutFilterGraph({
      spans: [{ first: 300, end: 330 }],
      fps: 30,
      offsetS: 9,
      videoTail: ['scale=1080:1920'],
    });
    expect(graph).toBe(
      "[0:v:0]fps=30:start_time=0,select='between(t,0.983333,1.983333)',setpts=N/(30)/TB,scale=1080:1920[v]",
    );
  });
  it('holds the last picture, for a bounded time, where the sound goes on after it', () => {
    const graph = buildCutFilterGraph({
      spans: [{ first: 240, end: 318 }],
      fps: 30,
      offsetS: 7,
      holdEndS: 0.6,
    });
    expect(graph).toBe(
      "[0:v:0]fps=30:start_time=0,tpad=stop_mode=clone:stop_duration=0.6,select='between(t,0.983333,3.583333)',setpts=N/(30)/TB[v]",
    );
    const spans = [{ first: 240, end: 318 }];
    expect(pictureShortfallS(spans, 30, { videoEndS: 10 })).toBeCloseTo(0.6 + 1 / 30, 6);
    expect(pictureShortfallS(spans, 30, { videoEndS: 10.6 })).toBe(0);
    expect(pictureShortfallS(spans, 30, {})).toBe(0);
  });
  it('bounds decoding to a second around the spans', () => {
    expect(inputWindow(spans, 30)).toEqual({ offsetS: 0, lengthS: 5 });
    expect(inputWindow([{ first: 300, end: 600 }], 30)).toEqual({ offsetS: 9, lengthS: 12 });
  });
});

describe('sumExpression', () => {
  it("keeps short sums flat and nests long ones under ffmpeg's 100-term limit", () => {
    expect(sumExpression(['a', 'b'])).toBe('a+b');
    const long = sumExpression(Array.from({ length: 120 }, (_, i) => `x${i}`));
    expect(long.startsWith('(x0+x1+')).toBe(true);
    expect(long.split('+(')).toHaveLength(3);
    const huge = sumExpression(Array.from({ length: 6000 }, (_, i) => `x${i}`));
    expect(huge.startsWith('((x0+')).toBe(true);
    expect(huge.match(/x\d+/g)).toHaveLength(6000);
  });
});

describe('filter path escaping', () => {
  it('escapes for the option parser and then the graph parser', () => {
    expect(escapeFilterPath('/tmp/a.ass')).toBe('/tmp/a.ass');
    expect(escapeFilterPath("/tmp/it's:[x],y;z.ass")).toBe(
      "/tmp/it\\\\\\'s\\\\:\\[x\\]\\,y\\;z.ass",
    );
    expect(assFilter('/t/s.ass', '/f')).toBe('ass=filename=/t/s.ass:fontsdir=/f');
    expect(assFilter('/t/s.ass')).toBe('ass=filename=/t/s.ass');
  });
});

describe('buildEncodeArgs', () => {
  it('seeks, bounds, filters from a script file, encodes H.264 and copies the cut sound in', () => {
    expect(
      buildEncodeArgs({
        inputPath: '/in/-odd.mp4',
        outPath: '/out/x.mp4',
        graphPath: '/t/g.txt',
        audioPath: '/t/a.m4a',
        offsetS: 9,
        lengthS: 12,
      }),
    ).toEqual([
      '-ss',
      '9',
      '-t',
      '12',
      '-i',
      '/in/-odd.mp4',
      '-filter_complex_script',
      '/t/g.txt',
      '-i',
      '/t/a.m4a',
      '-map',
      '[v]',
      '-map',
      '1:a:0',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'copy',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-f',
      'mp4',
      '/out/x.mp4',
    ]);
  });
  it('does not seek from the start', () => {
    const args = buildEncodeArgs({
      inputPath: 'i',
      outPath: 'o',
      graphPath: 'g',
      audioPath: 'a',
      offsetS: 0,
      lengthS: 3,
    });
    expect(args.slice(0, 4)).toEqual(['-t', '3', '-i', 'i']);
  });
});

describe("the short's encoding", () => {
  it('uses the measured encoder and writes the index in place, with no faststart pass', () => {
    const index = { videoFrames: 1800, audioS: 60, audioSampleRate: 48_000 };
    const args = buildEncodeArgs({
      ...{ inputPath: 'i', outPath: 'o.mp4', graphPath: 'g', audioPath: 'a', offsetS: 0 },
      ...{ lengthS: 60, ...SHORT_ENCODER, index },
    });
    expect(args.join(' ')).toContain('-c:v libx264 -preset ultrafast -crf 23 -pix_fmt yuv420p');
    expect(args).not.toContain('+faststart');
    expect(args.slice(-7, -5)).toEqual(['-moov_size', String(reservedMoovBytes(index))]);
  });
});

describe('centre crop to 9:16', () => {
  const probe = (w: number, h: number) =>
    ({ displayWidth: w, displayHeight: h }) as Pick<ProbeResult, 'displayWidth' | 'displayHeight'>;
  it('crops landscape to the full height', () => {
    expect(centreCrop(probe(1920, 1080), 1080, 1920)).toEqual({
      width: 606,
      height: 1080,
      x: 657,
      y: 0,
    });
  });
  it('crops a tall portrait to the full width and keeps sizes even', () => {
    expect(centreCrop(probe(721, 1600), 1080, 1920)).toEqual({
      width: 720,
      height: 1280,
      x: 0,
      y: 160,
    });
  });
  it('scales to the target with square pixels', () => {
    expect(reframeFilters({ width: 606, height: 1080, x: 657, y: 0 }, 1080, 1920)).toEqual([
      'crop=606:1080:657:0',
      'scale=1080:1920:flags=lanczos',
      'setsar=1',
    ]);
  });
});
