// The sound is cut where the frames are cut, to the sample: a tone placed at a known time must start
// and stop at the expected moments of the output.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import { inputWindow } from './cut-graph.ts';
import { cutSound } from './sound-cut.ts';

const RATE = 48_000;
let dir = '';
let source = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-sound-'));
  source = join(dir, 'tone.mp4');
  // Silence, a 1 kHz tone from 2 s to 3 s, silence up to 6 s.
  // prettier-ignore
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=6',
    '-f', 'lavfi', '-i', `sine=frequency=1000:duration=1:sample_rate=${RATE},adelay=2000,apad=whole_dur=6`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'pcm_s16le', '-shortest', '-f', 'mov', source,
  ]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** RMS per 10 ms of the decoded output. */
async function loudness(path: string): Promise<number[]> {
  const raw = join(dir, 'out.pcm');
  await runFfmpeg(['-i', path, '-f', 's16le', '-ac', '1', '-ar', String(RATE), raw]);
  const pcm = await readFile(raw);
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  const step = RATE / 100;
  const out: number[] = [];
  for (let i = 0; i + step <= samples.length; i += step) {
    let sum = 0;
    for (let j = i; j < i + step; j++) sum += (samples[j] ?? 0) ** 2;
    out.push(Math.sqrt(sum / step));
  }
  return out;
}

describe('cutSound', () => {
  it('keeps exactly the spans: the tone starts and stops where the cuts put it', async () => {
    // Frames at 30 fps: 1.5 s to 2.5 s (half silence, half tone), then 4 s to 5 s (silence).
    const spans = [
      { first: 45, end: 75 },
      { first: 120, end: 150 },
    ];
    const out = join(dir, 'cut.m4a');
    await cutSound({
      inputPath: source,
      spans,
      fps: 30,
      ...inputWindow(spans, 30),
      probe: { audioSampleRate: RATE, audioChannels: 1 },
      outPath: out,
    });
    const rms = await loudness(out);
    expect(rms.length).toBeGreaterThanOrEqual(199);
    expect(rms.length).toBeLessThanOrEqual(201);
    const loud = rms.map((v) => v > 1000);
    // Tone in 0.5..1.0 s of the output, within a 10 ms window at each edge.
    expect(loud.slice(0, 49).some(Boolean)).toBe(false);
    expect(loud.slice(51, 99).every(Boolean)).toBe(true);
    expect(loud.slice(101).some(Boolean)).toBe(false);
  });

  it('fails when the source cannot be decoded', async () => {
    await expect(
      cutSound({
        inputPath: join(dir, 'missing.mp4'),
        spans: [{ first: 0, end: 30 }],
        fps: 30,
        offsetS: 0,
        lengthS: 2,
        probe: { audioSampleRate: RATE, audioChannels: 1 },
        outPath: join(dir, 'never.m4a'),
      }),
    ).rejects.toMatchObject({
      code: 'ffmpeg_failed',
      // NOTE: the message is for users; ffmpeg's own line is kept for the log (issue 32).
      message: expect.not.stringMatching(/ffmpeg/) as string,
      detail: expect.stringMatching(/^ffmpeg exited with code \d+: .*missing\.mp4/) as string,
    });
  });
});
