// Smart cut, the running part: plan the parts (smart-cut-plan.ts), make the sound and the encoded
// parts side by side, and join them by copy as they are done.
import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';
import type { ProbeResult, ProgressFn } from '../types.ts';
import { inputWindow } from './cut-graph.ts';
import { pcmFormatOf } from './pcm-cut.ts';
import { renderWork } from './render-common.ts';
import { buildCopyBatchArgs } from './smart-cut-copy-args.ts';
import { buildEncodeBatchArgs } from './smart-cut-encode-args.ts';
import { joinByTimestamps, partsInOrder } from './smart-cut-join.ts';
import { buildRestampMuxArgs } from './smart-cut-join-args.ts';
import { encodePiped, keyframesBefore, pipesPay } from './smart-cut-pipes.ts';
import { planSmartCutJob } from './smart-cut-plan.ts';
import {
  AUDIO_SECOND_WEIGHT,
  MUX_SHARE,
  RUN_WEIGHT,
  planTasks,
  taskWeight,
} from './smart-cut-tasks.ts';
import type { Task } from './smart-cut-tasks.ts';
import { cutSound } from './sound-cut.ts';
import { frameCount } from '../frames/spans.ts';
import type { FrameSpan } from '../frames/spans.ts';
import { defaultConcurrency, runPool } from './task-pool.ts';

export async function runSmartCut(job: {
  inputPath: string;
  outPath: string;
  dir: string;
  spans: readonly FrameSpan[];
  probe: ProbeResult;
  /** ffmpeg runs side by side (default: one per core, at most four). */
  concurrency?: number;
  /** Pipe the encoded parts' pictures to their runs (default: where it costs less, pipesPay). */
  pipeParts?: boolean;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
}): Promise<number> {
  const { probe, spans, signal, dir, inputPath } = job;
  const fps = probe.fps;
  const window = inputWindow(spans, probe.fps);
  // NOTE: every run's time limit is the whole cut's: parts share the cores, and each is far less.
  const limits = { task: 'render', work: renderWork(probe, window.lengthS) } as const;
  const plan = await planSmartCutJob({ ...job, limits: { ...limits, signal } });
  const { files, direct } = plan;
  const durationS = frameCount(spans) / fps;
  const audioPath = join(dir, 'audio.m4a');
  // NOTE: the output's counts are known, so its index goes in place: no second pass over it all.
  const index = {
    videoFrames: frameCount(spans),
    audioS: durationS,
    audioSampleRate: pcmFormatOf(probe).sampleRate,
  };
  // NOTE: copies read straight from the source are no task: the join reads them itself.
  const tasks = planTasks(direct ? files.filter((f) => f.part.kind === 'encode') : files);
  const audioWeight = durationS * AUDIO_SECOND_WEIGHT + RUN_WEIGHT;
  const total = tasks.reduce((sum, t) => sum + taskWeight(t), audioWeight);
  let done = 0;
  const advance = (weight: number) => {
    done += weight;
    job.onProgress?.((done / total) * (1 - MUX_SHARE));
  };
  const ready = new Map(files.map((f) => [f, Promise.withResolvers<void>()]));
  const settle = (task: Task, error?: unknown) => {
    for (const file of task.items) {
      if (error === undefined) ready.get(file)!.resolve();
      else ready.get(file)!.reject(error);
    }
  };
  // One stop for all: the caller's abort, or the first failure of any side.
  const local = new AbortController();
  const onAbort = () => local.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const failed = (error: unknown): never => {
    local.abort(error);
    throw error;
  };
  // NOTE: the sound is cut beside the picture parts, not in one of their slots: its two
  // processes leave a core half idle, and the join waits for it.
  const sound = cutSound({
    ...{ inputPath, spans, fps, ...window, probe, outPath: audioPath },
    signal: local.signal,
  }).then(() => advance(audioWeight), failed);
  // NOTE: the join runs beside the parts (in-order sources only): it starts once the sound is cut
  // and takes each part as soon as it is done, so no long copy pass is left at the end.
  const joined = plan.inOrder
    ? sound
        .then(() =>
          runFfmpeg(buildRestampMuxArgs({ audioPath, fps, outPath: job.outPath, index }), {
            ...limits,
            signal: local.signal,
            stdin: partsInOrder(inputPath, plan, ready, failed),
          }),
        )
        .catch(failed)
    : null;
  // NOTE: a part that will never come must not leave a waiting promise unhandled.
  for (const wait of ready.values()) wait.promise.catch(() => undefined);
  const made = runPool(
    tasks,
    job.concurrency ?? defaultConcurrency(),
    async (task, taskSignal) => {
      const { direct } = plan;
      const from = direct && task.kind === 'encode' ? keyframesBefore(direct, task.items) : null;
      if (direct && from && (job.pipeParts ?? pipesPay(direct, task.items, from))) {
        const piped = { inputPath, index: direct, from, items: task.items, fps };
        await encodePiped(piped, plan, { ...limits, signal: taskSignal });
      } else {
        const file = { kind: 'file', path: inputPath } as const;
        const args =
          task.kind === 'encode'
            ? buildEncodeBatchArgs(file, task.items, fps, plan.params, plan.format)
            : buildCopyBatchArgs(inputPath, task.items, fps, plan.format);
        await runFfmpeg(args, { ...limits, signal: taskSignal });
      }
      settle(task);
      advance(taskWeight(task));
    },
    local.signal,
  ).catch((error: unknown) => {
    for (const task of tasks) settle(task, error);
    failed(error);
  });
  try {
    const results = await Promise.allSettled([made, sound, joined]);
    const rejected = results.find((r) => r.status === 'rejected');
    if (rejected) throw rejected.reason;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (!plan.inOrder) await joinByTimestamps({ files, fps, audioPath, index, dir, job, limits });
  job.onProgress?.(1);
  return durationS;
}
