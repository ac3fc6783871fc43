import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfprobe } from '../media/ffmpeg-runner.ts';
import { makeTalkingVideo } from '../testing/test-media.ts';
import type { TalkingVideo } from '../testing/test-media.ts';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/roughcut-engine.js');
let dir = '';
let video: TalkingVideo;

type Rendered = { is_long_form: boolean; output: { path: string; durationS: number } };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-cli-'));
  video = await makeTalkingVideo({
    dir,
    sentences: ['Welcome to this short video about editing.', 'Thank you for watching.'],
    silenceS: 1.5,
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('roughcut-engine CLI', () => {
  it('edit: analyses, renders long form and shorts, prints clips JSON with output paths', async () => {
    const out = join(dir, 'out');
    const { stdout, stderr } = await run(process.execPath, [BIN, 'edit', video.path, '--out', out]);
    const result = JSON.parse(stdout) as { gaps: unknown[]; clips: Rendered[] };
    expect(result.gaps.length).toBeGreaterThanOrEqual(2);
    expect(stderr).toMatch(/analysing 100%/);
    const long = result.clips.find((c) => c.is_long_form)!;
    expect(long.output.path).toBe(join(out, 'long-form.mp4'));
    expect(result.clips.some((c) => !c.is_long_form)).toBe(true);
    for (const clip of result.clips) {
      const duration = Number(
        (
          await runFfprobe(['-show_entries', 'format=duration', '-of', 'csv=p=0', clip.output.path])
        ).trim(),
      );
      expect(Math.abs(duration - clip.output.durationS)).toBeLessThan(0.05);
    }
    // The 1.5 s pause (and lead-in/tail) are cut from the long form.
    expect(long.output.durationS).toBeLessThan(video.durationS - 1.5);
  });

  it('fails with a non-zero exit and one line for bad input or usage', async () => {
    const text = join(dir, 'notes.mp4');
    await writeFile(text, 'not a video at all');
    const bad = await run(process.execPath, [BIN, 'probe', text]).catch((e: unknown) => e);
    expect((bad as { code: number }).code).toBe(1);
    expect((bad as { stderr: string }).stderr).toMatch(
      /^roughcut-engine: This file is not a video\.[^\n]*\n$/,
    );
    const usage = await run(process.execPath, [BIN, 'frobnicate', text]).catch((e: unknown) => e);
    expect((usage as { code: number }).code).toBe(2);
  });

  it('probe prints JSON', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'probe', video.path]);
    expect(JSON.parse(stdout)).toMatchObject({ videoCodec: 'h264', width: 1280, height: 720 });
  });
});
