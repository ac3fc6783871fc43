import { describe, expect, it } from 'vitest';
import type { EncoderHelper } from './moonshine-encoder-helper.ts';
import { shareEncoderWorkerWhenNeeded } from './moonshine-encoder-helper.ts';

/** A stand-in for the shared worker that counts how often it is joined and what it encodes. */
function countingShare() {
  const seen = { joined: 0, encoded: 0, stopped: 0 };
  const share = (): EncoderHelper => {
    seen.joined++;
    return {
      encode: (audio) => {
        seen.encoded++;
        return Promise.resolve({ data: audio, dims: [audio.length] });
      },
      alive: () => true,
      stop: () => {
        seen.stopped++;
        return Promise.resolve();
      },
    };
  };
  return { seen, share };
}

describe('shareEncoderWorkerWhenNeeded', () => {
  it('never joins the worker when nothing is encoded (a retry with every utterance stored)', async () => {
    const { seen, share } = countingShare();
    const helper = shareEncoderWorkerWhenNeeded('model.onnx', share);
    await helper.stop();
    expect(seen).toEqual({ joined: 0, encoded: 0, stopped: 0 });
  });

  it('joins once at the first encoding and leaves with stop', async () => {
    const { seen, share } = countingShare();
    const helper = shareEncoderWorkerWhenNeeded('model.onnx', share);
    const first = await helper.encode(new Float32Array([1, 2]));
    await helper.encode(new Float32Array([3]));
    expect(first?.dims).toEqual([2]);
    await helper.stop();
    expect(seen).toEqual({ joined: 1, encoded: 2, stopped: 1 });
    expect(helper.alive()).toBe(false);
    expect(await helper.encode(new Float32Array([4]))).toBeUndefined();
  });
});
