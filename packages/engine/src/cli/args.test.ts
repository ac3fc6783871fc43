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
      quiet: false,
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
    [['render', 'a', '--out', 'o'], /render needs --clips/],
    [['edit', 'a'], /edit needs --out/],
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
