// Smart cut, the running part: probe codec parameters, make the sound and the picture parts side by
// side, then join them by copy.
import { appendFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { filesInOrder, runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import type { ProbeResult, ProgressFn } from '../types.ts';
import { inputWindow } from './cut-graph.ts';
import { renderWork } from './render-common.ts';
import {
  buildConcatList,
  buildCopyBatchArgs,
  buildEncodeBatchArgs,
  buildRestampMuxArgs,
  buildSmartMuxArgs,
  buildStreamParamsArgs,
  keyframeFrames,
  parseStreamParams,
  planSmartCut,
  tsPaddingFor,
} from './smart-cut-args.ts';
import type { SmartPart } from './smart-cut-args.ts';
import { cutSound } from './sound-cut.ts';
import { frameCount } from './spans.ts';
import type { FrameSpan } from './spans.ts';
import { defaultConcurrency, runPool } from './task-pool.ts';

// NOTE: rough costs in "frames encoded" so progress moves evenly: copying a frame, starting one
// ffmpeg run, and encoding a second of sound.
const COPY_WEIGHT = 0.02;
const RUN_WEIGHT = 8;
const AUDIO_SECOND_WEIGHT = 0.6;
const MUX_SHARE = 0.05;
/** Copy parts per ffmpeg run: one input each, so this bounds the open files and index memory. */
const COPY_BATCH = 16;
/**
 * Encoded parts per ffmpeg run: sharing one start-up saves about a tenth of a second each
 * (measured: 4 parts cost 12% less CPU together than alone), while memory grows by a decoder and
 * an encoder per part (about 240 MB for 4 at 1080p).
 */
const ENCODE_BATCH = 4;

type PartFile = { part: SmartPart; outPath: string };
type Task =
  | { kind: 'audio'; weight: number; run: (signal: AbortSignal) => Promise<void> }
  | { kind: 'encode'; items: PartFile[] }
  | { kind: 'copy'; items: PartFile[] };

const frames = (p: SmartPart) => p.end - p.first;

/**
 * The sound first, then the picture parts batched in timeline order, so the join can take them in
 * as they are done.
 */
function planTasks(audio: Task, files: readonly PartFile[]): Task[] {
  const tasks: Task[] = [audio];
  const open = { encode: [] as PartFile[], copy: [] as PartFile[] };
  const size = { encode: ENCODE_BATCH, copy: COPY_BATCH };
  for (const file of files) {
    const kind = file.part.kind;
    open[kind].push(file);
    if (open[kind].length === size[kind]) {
      tasks.push({ kind, items: open[kind] });
      open[kind] = [];
    }
  }
  if (open.encode.length) tasks.push({ kind: 'encode', items: open.encode });
  if (open.copy.length) tasks.push({ kind: 'copy', items: open.copy });
  return tasks;
}

function taskWeight(task: Task): number {
  switch (task.kind) {
    case 'audio':
      return task.weight;
    case 'encode':
      return task.items.reduce((sum, f) => sum + frames(f.part), RUN_WEIGHT);
    case 'copy':
      return task.items.reduce((sum, f) => sum + frames(f.part) * COPY_WEIGHT, RUN_WEIGHT);
  }
}

export async function runSmartCut(job: {
  inputPath: string;
  outPath: string;
  dir: string;
  spans: readonly FrameSpan[];
  probe: ProbeResult;
  /** ffmpeg runs side by side (default: one per core, at most four). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
}): Promise<number> {
  const { probe, spans, signal, dir, inputPath } = job;
  const fps = probe.fps;
  const window = inputWindow(spans, probe.fps);
  // NOTE: every run's time limit is the whole cut's: parts share the cores, and each is far less.
  const limits = { task: 'render', work: renderWork(probe, window.lengthS) } as const;
  const params = parseStreamParams(
    await runFfprobe(buildStreamParamsArgs(inputPath), { signal, ...limits }),
  );
  // NOTE: both the stream's own declaration and the packets the probe saw must say no reordering.
  const inOrder = !params.reorders && probe.frameReordering !== true;
  const parts = planSmartCut(spans, keyframeFrames(probe.keyframes ?? [], fps), {
    copyTails: inOrder,
  });
  const files = parts.map((part, i) => ({
    part,
    outPath: join(dir, `part-${String(i).padStart(5, '0')}.ts`),
  }));
  const durationS = frameCount(spans) / fps;
  const audioPath = join(dir, 'audio.m4a');

  const audio: Task = {
    kind: 'audio',
    weight: durationS * AUDIO_SECOND_WEIGHT + RUN_WEIGHT,
    run: (taskSignal) =>
      cutSound({
        inputPath,
        spans,
        fps,
        ...window,
        probe,
        outPath: audioPath,
        signal: taskSignal,
      }),
  };

  const tasks = planTasks(audio, files);
  const total = tasks.reduce((sum, t) => sum + taskWeight(t), 0) || 1;
  let done = 0;
  const ready = new Map(files.map((f) => [f, Promise.withResolvers<void>()]));
  const soundReady = Promise.withResolvers<void>();
  const settle = (task: Task, error?: unknown) => {
    const waits = task.kind === 'audio' ? [soundReady] : task.items.map((f) => ready.get(f)!);
    for (const wait of waits) {
      if (error === undefined) wait.resolve();
      else wait.reject(error);
    }
  };
  // NOTE: the join runs beside the parts (order-preserving restamp only): it starts once the sound
  // is cut and reads each part as soon as it is done, so no long copy pass is left at the end.
  // One stop for both: the caller's abort, or the first failure of either side.
  const local = new AbortController();
  const onAbort = () => local.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  async function* partsWhenDone(): AsyncGenerator<Uint8Array> {
    for (const file of files) {
      await ready.get(file)!.promise;
      yield* filesInOrder([file.outPath]);
    }
  }
  const joined = inOrder
    ? soundReady.promise
        .then(() =>
          runFfmpeg(buildRestampMuxArgs({ audioPath, fps, outPath: job.outPath }), {
            ...limits,
            signal: local.signal,
            stdin: partsWhenDone(),
          }),
        )
        .catch((error: unknown) => {
          local.abort(error);
          throw error;
        })
    : null;
  // NOTE: a part that will never come must not leave a waiting promise unhandled.
  for (const wait of [soundReady, ...ready.values()]) wait.promise.catch(() => undefined);
  const made = runPool(
    tasks,
    job.concurrency ?? defaultConcurrency(),
    async (task, taskSignal) => {
      if (task.kind === 'audio') await task.run(taskSignal);
      else {
        const args =
          task.kind === 'encode'
            ? buildEncodeBatchArgs(inputPath, task.items, fps, params)
            : buildCopyBatchArgs(inputPath, task.items, fps);
        await runFfmpeg(args, { ...limits, signal: taskSignal });
      }
      settle(task);
      done += taskWeight(task);
      job.onProgress?.((done / total) * (1 - MUX_SHARE));
    },
    local.signal,
  ).catch((error: unknown) => {
    for (const task of tasks) settle(task, error);
    local.abort(error);
    throw error;
  });
  try {
    const [partsResult, joinResult] = await Promise.allSettled([made, joined]);
    if (partsResult.status === 'rejected') throw partsResult.reason;
    if (joinResult.status === 'rejected') throw joinResult.reason;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (inOrder) {
    job.onProgress?.(1);
    return durationS;
  }

  const muxOptions = {
    ...limits,
    signal,
    durationS,
    onProgress: job.onProgress
      ? (f: number) => job.onProgress?.(1 - MUX_SHARE + f * MUX_SHARE)
      : undefined,
  };
  for (const file of files) {
    const padding = tsPaddingFor((await stat(file.outPath)).size);
    if (padding) await appendFile(file.outPath, padding);
  }
  const listPath = join(dir, 'parts.txt');
  const list = buildConcatList(
    files.map((f) => ({ path: f.outPath, durationS: frames(f.part) / fps })),
  );
  await writeFile(listPath, list, 'utf8');
  await runFfmpeg(buildSmartMuxArgs({ listPath, audioPath, outPath: job.outPath }), muxOptions);
  return durationS;
}
