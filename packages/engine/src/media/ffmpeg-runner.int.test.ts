import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { filesInOrder, runFfmpeg, runFfprobe, runMelt, streamFfmpeg } from './ffmpeg-runner.ts';
import { MediaToolError, toolFailureMessage } from './run-limits.ts';

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

  it('rejects with a plain message for users, and the line ffmpeg wrote for the log', async () => {
    const error = await runFfmpeg(['-i', join(dir, 'missing.mp4'), join(dir, 'x.wav')], {
      task: 'render',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as MediaToolError).code).toBe('ffmpeg_failed');
    expect((error as MediaToolError).message).toBe(toolFailureMessage('render'));
    expect((error as MediaToolError).message).not.toMatch(/ffmpeg|No such file|missing\.mp4/);
    expect((error as MediaToolError).detail).toMatch(
      /^ffmpeg exited with code \d+: .*No such file/,
    );
    expect((error as MediaToolError).detail).not.toContain('\n');
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

  it('feeds files one after another into stdin', async () => {
    // Two PCM files of 0.25 s and 0.5 s (16-bit mono at 8 kHz) read as one input of 0.75 s.
    const a = join(dir, 'a.pcm');
    const b = join(dir, 'b.pcm');
    await writeFile(a, Buffer.alloc(4000, 1));
    await writeFile(b, Buffer.alloc(8000, 2));
    const out = join(dir, 'joined.pcm');
    await runFfmpeg(
      ['-f', 's16le', '-ar', '8000', '-ac', '1', '-i', 'pipe:0', '-c', 'copy', '-f', 's16le', out],
      {
        stdin: filesInOrder([a, b]),
      },
    );
    const joined = await readFile(out);
    expect(joined.length).toBe(12000);
    expect(joined.subarray(0, 4000).every((x) => x === 1)).toBe(true);
    expect(joined.subarray(4000).every((x) => x === 2)).toBe(true);
  });

  it('fails clearly, without hanging, when ffmpeg stops reading its stdin', async () => {
    const big = join(dir, 'big.bin');
    await writeFile(big, Buffer.alloc(8 * 1024 * 1024, 7));
    await expect(
      runFfmpeg(['-f', 'h264', '-i', 'pipe:0', '-f', 'null', '-'], {
        stdin: filesInOrder([big, big]),
      }),
    ).rejects.toBeInstanceOf(EngineError);
  });

  it('returns ffprobe stdout', async () => {
    const out = join(dir, 'tone.wav');
    const json = await runFfprobe(['-of', 'json', '-show_format', out]);
    expect(JSON.parse(json)).toHaveProperty('format.format_name', 'wav');
  });
});

describe("melt's start race", () => {
  /**
   * A stand-in melt that loses MLT 7.12's start race its first `losses` times, as melt does:
   * the consumer logs an empty output, then melt waits forever (first) or exits 0 (after).
   */
  async function fakeMelt(losses: number): Promise<{ count: string; out: string }> {
    const count = join(dir, `melt-count-${losses}`);
    const out = join(dir, `melt-out-${losses}.mkv`);
    const script = join(dir, `fake-melt-${losses}.sh`);
    await writeFile(
      script,
      [
        '#!/bin/sh',
        `n=$(cat '${count}' 2>/dev/null || echo 0); echo $((n + 1)) > '${count}'`,
        `if [ "$n" -lt ${losses} ]; then`,
        '  echo "[AVIOContext @ 0x1] Statistics: 0 bytes written, 0 seeks, 0 writeouts" >&2',
        '  if [ "$n" -eq 0 ]; then exec tail -f /dev/null; fi',
        '  exit 0',
        'fi',
        `echo rendered > '${out}'`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    process.env.MELT_PATH = script;
    return { count, out };
  }
  const saved = process.env.MELT_PATH;
  afterAll(() => {
    if (saved === undefined) delete process.env.MELT_PATH;
    else process.env.MELT_PATH = saved;
  });

  it('starts again a run whose consumer stopped before writing, hung or not', async () => {
    const { count, out } = await fakeMelt(2);
    await expect(runMelt(['project.mlt'])).resolves.toHaveProperty('stderrTail');
    expect((await readFile(count, 'utf8')).trim()).toBe('3');
    expect((await readFile(out, 'utf8')).trim()).toBe('rendered');
  });

  it('gives up after eight such starts, with a plain message for users', async () => {
    const { count } = await fakeMelt(100);
    const error = await runMelt(['project.mlt']).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaToolError);
    expect(error).toMatchObject({ code: 'melt_failed', message: toolFailureMessage('media') });
    expect((await readFile(count, 'utf8')).trim()).toBe('8');
  });
});
