// Every ffmpeg run works under a memory ceiling the kernel applies to the child, and a wall-clock
// limit in proportion to its work; each stops the run with a message that names the limit and
// says what to do, ffmpeg's own words going to `detail` (the log) only (issue 32).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderExampleImage } from '../render/example-image.ts';
import { subtitleFontsDir } from '../subtitles/fonts-dir.ts';
import { runFfmpeg, runMelt } from './ffmpeg-runner.ts';
import { MEMORY_LIMIT_ENV, MediaToolError, TIME_FACTOR_ENV } from './run-limits.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
const saved = { memory: process.env[MEMORY_LIMIT_ENV], time: process.env[TIME_FACTOR_ENV] };
afterEach(() => {
  for (const [name, value] of [
    [MEMORY_LIMIT_ENV, saved.memory],
    [TIME_FACTOR_ENV, saved.time],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const failureOf = async (run: Promise<unknown>): Promise<MediaToolError> => {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaToolError);
  return error as MediaToolError;
};

/**
 * The script the audit's style made before the bounds (play_res 5x5, size 100): glyphs about
 * 38,000 px tall, which libass drew into bitmaps that grew without limit.
 */
const HOSTILE_ASS = [
  '[Script Info]',
  'ScriptType: v4.00+',
  'PlayResX: 5',
  'PlayResY: 5',
  'WrapStyle: 0',
  'ScaledBorderAndShadow: yes',
  '',
  '[V4+ Styles]',
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
  'Style: Default,League Spartan Black,100,&H00E16941,&H00FFFFFF,&H00FFFFFF,&H00FFFFFF,-1,0,0,0,100,100,0,0,1,1,2,2,10,10,60,1',
  '',
  '[Events]',
  'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  'Dialogue: 0,0:00:00.00,0:00:05.00,Default,,0,0,0,,This is how your subtitles look',
  '',
].join('\n');

describe.runIf(process.platform === 'linux')('the ceilings of a media run', () => {
  it('stops libass drawing glyphs past the memory ceiling within seconds', async () => {
    process.env[MEMORY_LIMIT_ENV] = '0.8';
    const started = Date.now();
    const error = await failureOf(
      renderExampleImage({
        ass: HOSTILE_ASS,
        width: 1080,
        height: 1920,
        background: { r: 0, g: 0, b: 0 },
        fontsDir: await subtitleFontsDir(),
      }),
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(error.code).toBe('memory_limit');
    expect(error.message).toBe(
      'The example image stopped: it needed more than 0.8 GB of memory, the limit for one run. Use a smaller size, letter spacing, outline or shadow.',
    );
    expect(error.detail).toMatch(/^ffmpeg (exited with code|was killed by)/);
  });

  it('stops an encoder that cannot fit in the ceiling at once, saying so', async () => {
    process.env[MEMORY_LIMIT_ENV] = '0.3';
    const started = Date.now();
    const error = await failureOf(
      runFfmpeg(
        [
          ...['-f', 'lavfi', '-i', 'color=c=black:s=1080x1920:r=30:d=2'],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-f', 'mp4', join(dir, 'out.mp4')],
        ],
        { task: 'render', work: { mediaS: 2 } },
      ),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toMatchObject({
      code: 'memory_limit',
      message:
        'The render stopped: it needed more than 0.3 GB of memory, the limit for one run. Use smaller subtitles (size, letter spacing, outline, shadow) or a smaller video, then try again.',
    });
  });

  it('stops a run that takes too long for its length, naming the limit', async () => {
    process.env[TIME_FACTOR_ENV] = '0.05';
    const started = Date.now();
    // NOTE: -re reads at real speed: 60 s of work, allowed 0.05 × (60 + 6) s = 3.3 s.
    const error = await failureOf(
      runFfmpeg(['-re', '-f', 'lavfi', '-i', 'sine=duration=60', '-f', 'null', '-'], {
        task: 'render',
        work: { mediaS: 60 },
      }),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toMatchObject({
      code: 'time_limit',
      message:
        'The render stopped: it took longer than 3 seconds for a 60-second video. Please try again; if it stops again, simplify the subtitles (smaller size, less letter spacing, no angle).',
    });
    expect(error.detail).toMatch(/^ffmpeg was killed by SIGKILL/);
  });

  it('runs melt inside the same ceiling', async () => {
    const project = join(dir, 'colour.mlt');
    await writeFile(
      project,
      '<mlt><producer id="c"><property name="resource">#000000</property><property name="mlt_service">colour</property></producer><playlist id="p"><entry producer="c" in="0" out="4"/></playlist></mlt>',
    );
    await expect(
      runMelt([project, '-consumer', `avformat:${join(dir, 'melt.mkv')}`, 'vcodec=ffv1'], {
        work: { mediaS: 1 },
      }),
    ).resolves.toHaveProperty('stderrTail');
    process.env[MEMORY_LIMIT_ENV] = '0.05';
    const error = await failureOf(
      runMelt([project, '-consumer', `avformat:${join(dir, 'melt2.mkv')}`, 'vcodec=ffv1']),
    );
    expect(error.message).not.toMatch(/melt|mlt/i);
  });
});
