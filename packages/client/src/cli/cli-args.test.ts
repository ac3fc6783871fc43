import { describe, expect, it } from 'vitest';
import { UsageError, defaultEditName, parseCliArgs } from './cli-args.ts';

describe("the remote CLI's arguments", () => {
  it("reads the README's edit command", () => {
    expect(
      parseCliArgs([
        'edit',
        'talk.mp4',
        '--short',
        '--long',
        '--language',
        'en',
        '--wait',
        '--download',
        'out/',
      ]),
    ).toEqual({
      command: 'edit',
      file: 'talk.mp4',
      name: 'talk',
      short: true,
      long: true,
      language: 'en',
      wait: true,
      confirmAll: true,
      downloadDir: 'out/',
    });
  });

  it('does both forms when neither is asked for, and --download implies --wait', () => {
    expect(parseCliArgs(['edit', 'a/b/My Talk.MP4', '--download', 'out'])).toMatchObject({
      short: true,
      long: true,
      wait: true,
      name: 'My Talk',
    });
    expect(parseCliArgs(['edit', 'talk.mp4', '--short'])).toMatchObject({
      short: true,
      long: false,
      wait: false,
      language: 'en',
    });
  });

  it('stops at the review with --no-confirm-all, and names the edit when asked', () => {
    expect(
      parseCliArgs(['edit', 'talk.mp4', '--wait', '--no-confirm-all', '--name', ' Launch ']),
    ).toMatchObject({ wait: true, confirmAll: false, name: 'Launch' });
  });

  it('reads status and download', () => {
    expect(parseCliArgs(['status', 'job-1'])).toEqual({
      command: 'status',
      jobId: 'job-1',
      json: false,
    });
    expect(parseCliArgs(['status', 'job-1', '--json'])).toMatchObject({ json: true });
    expect(parseCliArgs(['download', 'job-1', 'out'])).toEqual({
      command: 'download',
      jobId: 'job-1',
      dir: 'out',
    });
  });

  it('answers help for help, -h and nothing', () => {
    for (const argv of [[], ['help'], ['-h'], ['edit', '--help']]) {
      expect(parseCliArgs(argv)).toEqual({ command: 'help' });
    }
  });

  it.each([
    [['edit'], /needs a video file/],
    [['edit', 'notes.txt'], /Only \.mp4 files/],
    [['edit', 'talk.mp4', 'extra.mp4'], /unexpected argument "extra.mp4"/],
    [['edit', 'talk.mp4', '--download', 'out', '--no-confirm-all'], /--download needs the clips/],
    [['edit', 'talk.mp4', '--frobnicate'], /frobnicate/],
    [['edit', 'talk.mp4', '--json'], /--json is an option of status/],
    [['status'], /needs the edit's id/],
    [['status', 'job-1', '--short'], /--short is an option of edit/],
    [['download', 'job-1'], /needs a folder/],
    [['download', 'job-1', 'out', 'more'], /unexpected argument "more"/],
    [['publish', 'x'], /unknown command "publish"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it("names an edit after the video's file", () => {
    expect(defaultEditName('/videos/Q3 review.mp4')).toBe('Q3 review');
    expect(defaultEditName('.mp4')).toBe('.mp4');
  });
});
