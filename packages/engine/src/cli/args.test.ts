import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { parseCliArgs } from './args.ts';

describe('parseCliArgs', () => {
  it('reads a command, its file and defaults', () => {
    expect(parseCliArgs(['probe', 'talk.mp4'])).toMatchObject({
      command: 'probe',
      file: 'talk.mp4',
      language: 'en',
      format: 'json',
      maxWords: 5,
      long: true,
      short: true,
      subtitles: true,
      smartCut: true,
      removeGaps: true,
      reframe: 'centre',
      quiet: false,
    });
  });
  it('reads the reframe mode for shorts', () => {
    expect(parseCliArgs(['edit', 'a.mp4', '--out', 'o', '--reframe', 'follow'])).toMatchObject({
      reframe: 'follow',
    });
  });
  it('reads every option, negations included', () => {
    expect(
      parseCliArgs([
        'edit',
        'a b.mp4',
        '--short',
        '--max-words',
        '3',
        '--out',
        'out/',
        '--language',
        'de',
        '--no-subtitles',
        '--no-smart-cut',
        '--keep-gaps',
        '-q',
        '--work-dir',
        'w',
      ]),
    ).toMatchObject({
      command: 'edit',
      file: 'a b.mp4',
      long: false,
      short: true,
      maxWords: 3,
      outDir: 'out/',
      language: 'de',
      subtitles: false,
      smartCut: false,
      removeGaps: false,
      quiet: true,
      workDir: 'w',
    });
    expect(parseCliArgs(['transcribe', 'x.mp4', '--format', 'srt'])).toMatchObject({
      format: 'srt',
    });
    expect(parseCliArgs(['render', 'x.mp4', '--clips', 'c.json', '-o', 'o'])).toMatchObject({
      clipsPath: 'c.json',
      outDir: 'o',
    });
  });
  it('reads export: the editor and transcript formats, and the short to export', () => {
    expect(parseCliArgs(['export', 'x.mp4', '--format', 'fcpxml'])).toMatchObject({
      command: 'export',
      format: 'fcpxml',
      clip: undefined,
    });
    expect(
      parseCliArgs(['export', 'x.mp4', '-f', 'srt', '--clips', 'c.json', '--clip', '2']),
    ).toMatchObject({ format: 'srt', clipsPath: 'c.json', clip: 2 });
  });
  it('asks for help with no arguments or --help', () => {
    expect(parseCliArgs([])).toBe('help');
    expect(parseCliArgs(['clips', '--help'])).toBe('help');
  });
  it.each([
    [['cut', 'x.mp4'], /unknown command "cut"/],
    [['probe'], /probe needs a video file/],
    [['probe', 'a', 'b'], /unexpected argument "b"/],
    [['probe', 'a', '--bogus'], /Unknown option '--bogus'/],
    [['transcribe', 'a', '--format', 'doc'], /--format must be one of json, srt, vtt, ass, txt/],
    [['clips', 'a', '--max-words', '11'], /from 1 to 10/],
    [
      ['export', 'a'],
      /--format must be one of fcpxml, xmeml, otio, edl, mlt, kdenlive, srt, vtt, ass, txt/,
    ],
    [['transcribe', 'a', '--format', 'edl'], /--format must be one of json, srt/],
    [['export', 'a', '-f', 'edl', '--clip', '0'], /--clip must be a short's number/],
    [['render', 'a', '--out', 'o'], /render needs --clips/],
    [['edit', 'a'], /edit needs --out/],
    [['edit', 'a', '--out', 'o', '--reframe', 'left'], /--reframe must be one of/],
  ])('rejects %j with a one-line reason', (argv, reason) => {
    let error: unknown;
    try {
      parseCliArgs(argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('\n');
  });
});
