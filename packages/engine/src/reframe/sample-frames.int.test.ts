import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { sampleFrames } from './sample-frames.ts';

let dir = '';
let source = '';
const probe = { displayWidth: 640, displayHeight: 360 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-sample-'));
  source = join(dir, 'bars.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=6'],
    ...['-c:v', 'libx264', '-bf', '3', '-pix_fmt', 'yuv420p', source],
  ]);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sampleFrames (read on a worker thread)', () => {
  it('yields every sample of the stretch, in order, at the asked size', async () => {
    const times: number[] = [];
    for await (const frame of sampleFrames(source, probe, { startS: 1, endS: 5, fps: 8 })) {
      expect([frame.width, frame.height]).toEqual([384, 216]);
      expect(frame.rgb.length).toBe(frame.width * frame.height * 3);
      expect(frame.rgb.some((v) => v > 0)).toBe(true);
      times.push(frame.timeS);
    }
    // NOTE: ffmpeg's fps filter also hands over the sample at the stretch's end.
    expect(times.length).toBeGreaterThanOrEqual(32);
    expect(times.length).toBeLessThanOrEqual(33);
    times.forEach((t, i) => expect(t).toBeCloseTo(1 + i / 8, 6));
  }, 60_000);

  it('stops early without waiting for the rest of the stretch', async () => {
    let taken = 0;
    for await (const frame of sampleFrames(source, probe, { startS: 0, endS: 6 })) {
      expect(frame.width).toBe(384);
      if (++taken === 3) break;
    }
    expect(taken).toBe(3);
    // NOTE: a second run after an early stop proves the first left nothing blocking behind it.
    let again = 0;
    for await (const frame of sampleFrames(source, probe, { startS: 5, endS: 6, fps: 4 })) {
      again += frame.rgb.length > 0 ? 1 : 0;
    }
    expect(again).toBe(4);
  }, 60_000);

  it('rejects with the abort reason when cancelled', async () => {
    const controller = new AbortController();
    const read = async () => {
      for await (const frame of sampleFrames(source, probe, {
        startS: 0,
        endS: 6,
        signal: controller.signal,
      })) {
        if (frame.timeS >= 0.5) controller.abort(new Error('cancelled by the test'));
      }
    };
    await expect(read()).rejects.toThrow('cancelled by the test');
  }, 60_000);

  it("fails with ffmpeg's reason for a file that is not a video", async () => {
    const bad = join(dir, 'bad.mp4');
    await writeFile(bad, 'not a video at all');
    const read = async () => {
      for await (const frame of sampleFrames(bad, probe, { startS: 0, endS: 2 })) void frame;
    };
    await expect(read()).rejects.toMatchObject({ name: 'EngineError', code: 'ffmpeg_failed' });
  }, 60_000);
});
