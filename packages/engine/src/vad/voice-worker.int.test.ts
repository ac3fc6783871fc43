import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractAudio } from '../audio/extract-audio.ts';
import { makeTalkingVideo } from '../testing/test-media.ts';
import { readWavInfo } from '../audio/wav-header.ts';
import { detectVoice, planStreams, vadModelPath } from './silero-vad.ts';
import { startVoiceWorker } from './voice-helper.ts';

const dir = await mkdtemp(join(tmpdir(), 'rc-voice-worker-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the voice detector with a worker thread', () => {
  it('gives bit for bit the probabilities the main thread alone gives', async () => {
    const video = await makeTalkingVideo({
      dir,
      sentences: [
        'The worker judges the first streams.',
        'The main thread judges the rest of them.',
        'Both must hear the same thing.',
      ],
      width: 320,
      height: 240,
    });
    const wav = join(dir, 'audio.wav');
    await extractAudio(video.path, wav);
    const alone = await detectVoice(wav, { worker: false });
    const progress: number[] = [];
    const shared = await detectVoice(wav, { worker: true, onProgress: (f) => progress.push(f) });
    expect(alone.prob.length).toBeGreaterThan(3 * 96);
    expect(Buffer.from(shared.prob.buffer).equals(Buffer.from(alone.prob.buffer))).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1]!)).toBe(true);
  });

  it('judges its streams in the worker, not by falling back to the main thread', async () => {
    const wav = join(dir, 'audio.wav');
    const alone = await detectVoice(wav, { worker: false, level: false });
    const plans = planStreams(alone.prob.length).slice(0, 1);
    const helper = startVoiceWorker(vadModelPath(), {
      wavPath: wav,
      info: await readWavInfo(wav),
      plans,
    });
    helper.start(undefined);
    const theirs = await helper.result;
    await helper.stop();
    expect(theirs).toEqual(alone.prob.subarray(0, plans[0]!.count));
  });

  it('stops the worker when the caller aborts', async () => {
    const wav = join(dir, 'audio.wav');
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(detectVoice(wav, { worker: true, signal: controller.signal })).rejects.toThrow(
      'stopped',
    );
  });
});
