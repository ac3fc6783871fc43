// A worker thread that judges some of the voice detector's streams on the other core, with a model
// session of its own: the detector ran alone on the main thread while the other core waited for
// the utterances it plans (decision 0005, eighth pass).
import { parentPort, workerData } from 'node:worker_threads';
import { openSession } from '../onnx/onnx-runtime.ts';
import { judgeStreams } from './judge-streams.ts';
import type { StreamJob } from './judge-streams.ts';

export type VoiceWorkerData = { modelPath: string; job: Omit<StreamJob, 'gains'> };
/** The gains come once the main thread has them (it measures them while this opens its model). */
export type VoiceWorkerGains = { gains?: Float32Array };
export type VoiceWorkerReply = { prob: Float32Array } | { error: string };

const port = parentPort!;
const data = workerData as VoiceWorkerData;
const reply = (message: VoiceWorkerReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

const session = openSession(data.modelPath);
// NOTE: a session that fails to open leaves the main thread to judge these streams itself.
session.catch(() => undefined);
port.once('message', (message: VoiceWorkerGains) => {
  void (async () => {
    try {
      const last = Math.max(...data.job.plans.map((p) => p.first + p.count));
      const prob = new Float32Array(last);
      await judgeStreams(await session, { ...data.job, ...message }, prob);
      reply({ prob }, [prob.buffer]);
    } catch (error) {
      reply({ error: String(error) });
    }
  })();
});
