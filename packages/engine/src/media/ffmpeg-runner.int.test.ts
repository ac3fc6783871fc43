import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { runFfmpeg, runFfprobe, streamFfmpeg } from './ffmpeg-runner.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-runner-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ffmpeg runner on real ffmpeg', () => {
  it('runs, reports progress up to 1 and writes the output', async () => {
    const out = join(dir, 'tone.wav');
    const seen: number[] = [];
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', out], {
      durationS: 2,
      onProgress: (f) => seen.push(f),
    });
    expect((await stat(out)).size).toBeGreaterThan(60_000);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
  });

  it('rejects with one clear line on failure', async () => {
    const error = await runFfmpeg(['-i', join(dir, 'missing.mp4'), join(dir, 'x.wav')]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('ffmpeg_failed');
    expect((error as EngineError).message).toMatch(/^ffmpeg exited with code \d+: .*No such file/);
    expect((error as EngineError).message).not.toContain('\n');
  });

  it('kills ffmpeg on abort', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'sine=duration=60', '-f', 'null', '-'], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('streams raw PCM from stdout', async () => {
    const stream = streamFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1:sample_rate=16000',
      '-f',
      's16le',
      '-ac',
      '1',
      'pipe:1',
    ]);
    let bytes = 0;
    for await (const chunk of stream.stdout) bytes += (chunk as Buffer).length;
    await stream.done;
    expect(bytes).toBe(32_000);
  });

  it('returns ffprobe stdout', async () => {
    const out = join(dir, 'tone.wav');
    const json = await runFfprobe(['-of', 'json', '-show_format', out]);
    expect(JSON.parse(json)).toHaveProperty('format.format_name', 'wav');
  });
});
