// A worker thread that runs Moonshine's encoder on the next utterance while the main thread
// searches the decoder's beams over this one: the encoder is about a quarter of the recogniser's
// time, and the other core was half idle while decoding ran (decision 0005, ninth pass).
import { parentPort, workerData } from 'node:worker_threads';
import { openSession, ort } from '../onnx/onnx-runtime.ts';
import { collectGarbage, collectYoungGarbage } from './collect-garbage.ts';

export type EncoderWorkerData = { modelPath: string };
export type EncoderRequest = { id: number; audio: Float32Array };
export type EncoderReply =
  { id: number; data: Float32Array; dims: number[] } | { id: number; error: string };

const port = parentPort!;
const { modelPath } = workerData as EncoderWorkerData;
// NOTE: opening leaves the model file's bytes and the compiler's buffers as garbage, as on the main
// thread; collected at once, they never meet the decoder's high-water mark.
const session = openSession(modelPath).then((opened) => {
  collectGarbage();
  return opened;
});
// NOTE: a session that fails to open answers every request with an error; the main thread then
// encodes itself.
session.catch(() => undefined);
let queue: Promise<void> = Promise.resolve();

port.on('message', ({ id, audio }: EncoderRequest) => {
  queue = queue.then(async () => {
    try {
      const encoder = await session;
      const out = await encoder.run({
        input_values: new ort.Tensor('float32', audio, [1, audio.length]),
      });
      const hidden = out.last_hidden_state!;
      // NOTE: a copy of its own, so transferring it can never detach memory the runtime holds.
      const data = new Float32Array(hidden.data as Float32Array);
      port.postMessage({ id, data, dims: [...hidden.dims] } satisfies EncoderReply, [data.buffer]);
      // NOTE: the run's outputs, copied out of the runtime, are garbage now (MBs for a long one).
      collectYoungGarbage();
    } catch (error) {
      port.postMessage({ id, error: String(error) } satisfies EncoderReply);
    }
  });
});
