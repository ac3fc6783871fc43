// Smart cut, the running part: plan the parts (smart-cut-plan.ts), make the sound and the encoded
// parts side by side, and join them by copy as they are done.
import { appendFile, open, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { filesInOrder, inputPipe, runFfmpeg } from '../media/ffmpeg-runner.ts';
import type { LimitOptions } from '../media/ffmpeg-runner.ts';
import type { ProbeResult, ProgressFn } from '../types.ts';
import { inputWindow } from './cut-graph.ts';
import { annexBSamples, syncAtOrBefore } from './mp4-samples.ts';
import type { Mp4VideoIndex } from './mp4-samples.ts';
import { pcmFormatOf } from './pcm-cut.ts';
import { renderWork } from './render-common.ts';
import {
  buildConcatList,
  buildCopyBatchArgs,
  buildEncodeBatchArgs,
  buildRestampMuxArgs,
  buildSmartMuxArgs,
  tsPaddingFor,
} from './smart-cut-args.ts';
import type { SmartPart } from './smart-cut-args.ts';
import { planSmartCutJob } from './smart-cut-plan.ts';
import type { PartFile, SmartCutPlan } from './smart-cut-plan.ts';
import { cutSound } from './sound-cut.ts';
import { frameCount } from '../frames/spans.ts';
import type { FrameSpan } from '../frames/spans.ts';
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

type Task = { kind: 'copy' | 'encode'; items: PartFile[] };

const frames = (p: SmartPart) => p.end - p.first;

/** The picture parts that need an ffmpeg run, batched in timeline order (the join's order). */
function planTasks(files: readonly PartFile[]): Task[] {
  const tasks: Task[] = [];
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

const taskWeight = (task: Task): number =>
  task.items.reduce(
    (sum, f) => sum + frames(f.part) * (task.kind === 'copy' ? COPY_WEIGHT : 1),
    RUN_WEIGHT,
  );

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

/**
 * The demuxer's work per picture of the source each time a run opens it, in bytes of piping that
 * cost the same. Measured on the bench's talks: opening reads the whole index, about 0.1 µs a
 * sample (2.5 samples a picture with the sound's), against about 5 ns a byte piped.
 */
const OPEN_BYTES_PER_PICTURE = 50;

/**
 * Whether piping a run's parts costs less than the run opening the source once per part: for a
 * long source (its index) or small pictures, not for a short 1080p one (3% more CPU measured).
 */
export function pipesPay(
  index: Mp4VideoIndex,
  items: readonly PartFile[],
  from: readonly number[],
): boolean {
  let bytes = 0;
  items.forEach(({ part }, i) => {
    for (let at = from[i]!; at < part.end; at++) bytes += index.sizes[at]!;
  });
  return items.length * index.sizes.length * OPEN_BYTES_PER_PICTURE > bytes;
}

/** Where each part's decoding must start: the keyframe at or before its first picture. */
export const keyframesBefore = (index: Mp4VideoIndex, items: readonly PartFile[]): number[] =>
  items.map((f) => syncAtOrBefore(index, f.part.first));

/**
 * Encodes parts from the source's own pictures, each piped from the keyframe before it, so the
 * run never opens the source: opening it parses the whole sample index, which for a long video
 * cost more than the few pictures a part needs (about 0.12 s at 4 hours, once per part).
 */
async function encodePiped(
  job: {
    inputPath: string;
    index: Mp4VideoIndex;
    /** Each part's keyframe before it (keyframesBefore). */
    from: readonly number[];
    items: readonly PartFile[];
    fps: number;
  },
  plan: Pick<SmartCutPlan, 'params' | 'format'>,
  limits: LimitOptions & { signal: AbortSignal },
): Promise<void> {
  const { inputPath, index, from, items, fps } = job;
  const { params, format } = plan;
  const source = await open(inputPath, 'r');
  // NOTE: a picture that cannot be read stops the run: a part short of pictures would decode
  // without an error and leave the output short.
  const unreadable = new AbortController();
  async function* guarded(pictures: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      yield* pictures;
    } catch (error) {
      unreadable.abort(error);
    }
  }
  try {
    const pipes = items.map((f, i) => guarded(annexBSamples(source, index, from[i]!, f.part.end)));
    const inputs = { kind: 'pipes', pipes: pipes.map((_, i) => inputPipe(i)), from } as const;
    await runFfmpeg(buildEncodeBatchArgs(inputs, items, fps, params, format), {
      ...limits,
      signal: AbortSignal.any([limits.signal, unreadable.signal]),
      pipes,
    });
  } finally {
    await source.close();
  }
}

/**
 * The parts one after another as one H.264 stream: encoded ones from their files when done,
 * copied ones straight from the source when it allows. A failure stops the join too, so a part
 * that cannot be read never leaves a short output behind.
 */
async function* partsInOrder(
  inputPath: string,
  plan: SmartCutPlan,
  ready: ReadonlyMap<PartFile, PromiseWithResolvers<void>>,
  failed: (error: unknown) => never,
): AsyncGenerator<Uint8Array> {
  const source = plan.direct ? await open(inputPath, 'r').catch(failed) : null;
  try {
    for (const file of plan.files) {
      if (source && plan.direct && file.part.kind === 'copy') {
        yield* annexBSamples(source, plan.direct, file.part.first, file.part.end);
      } else {
        await ready.get(file)!.promise;
        yield* filesInOrder([file.outPath]);
      }
    }
  } catch (error) {
    failed(error);
  } finally {
    await source?.close();
  }
}

/** With reordered pictures: the parts through the concat demuxer, keeping their timestamps. */
async function joinByTimestamps(options: {
  files: readonly PartFile[];
  fps: number;
  audioPath: string;
  index: { videoFrames: number; audioS: number; audioSampleRate: number };
  dir: string;
  job: { outPath: string; signal?: AbortSignal; onProgress?: ProgressFn };
  limits: LimitOptions;
}): Promise<void> {
  const { files, fps, job } = options;
  for (const file of files) {
    const padding = tsPaddingFor((await stat(file.outPath)).size);
    if (padding) await appendFile(file.outPath, padding);
  }
  const listPath = join(options.dir, 'parts.txt');
  const list = buildConcatList(
    files.map((f) => ({ path: f.outPath, durationS: frames(f.part) / fps })),
  );
  await writeFile(listPath, list, 'utf8');
  const { audioPath, index } = options;
  await runFfmpeg(buildSmartMuxArgs({ listPath, audioPath, outPath: job.outPath, index }), {
    ...options.limits,
    signal: job.signal,
    durationS: index.audioS,
    onProgress: job.onProgress
      ? (f: number) => job.onProgress?.(1 - MUX_SHARE + f * MUX_SHARE)
      : undefined,
  });
}
