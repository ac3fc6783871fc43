// Smart cut, the running part: probe codec parameters, make the sound and the picture parts side by
// side, then join them by copy.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import type { ProbeResult, ProgressFn } from '../types.ts';
import { buildCutFilterGraph, inputWindow } from './cut-graph.ts';
import {
  buildConcatList,
  buildCopyBatchArgs,
  buildEncodePartArgs,
  buildRestampMuxArgs,
  buildSmartAudioArgs,
  buildSmartMuxArgs,
  buildStreamParamsArgs,
  keyframeFrames,
  parseStreamParams,
  planSmartCut,
} from './smart-cut-args.ts';
import type { SmartPart } from './smart-cut-args.ts';
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

type PartFile = { part: SmartPart; outPath: string };
type Task =
  | { kind: 'audio'; args: string[]; weight: number }
  | { kind: 'encode'; item: PartFile }
  | { kind: 'copy'; items: PartFile[] };

const frames = (p: SmartPart) => p.end - p.first;

/** The sound first and the encodes next (the long runs), copies batched last. */
function planTasks(audio: Task, files: readonly PartFile[]): Task[] {
  const tasks: Task[] = [audio];
  for (const item of files) if (item.part.kind === 'encode') tasks.push({ kind: 'encode', item });
  const copies = files.filter((f) => f.part.kind === 'copy');
  for (let i = 0; i < copies.length; i += COPY_BATCH) {
    tasks.push({ kind: 'copy', items: copies.slice(i, i + COPY_BATCH) });
  }
  return tasks;
}

function taskWeight(task: Task): number {
  switch (task.kind) {
    case 'audio':
      return task.weight;
    case 'encode':
      return frames(task.item.part) + RUN_WEIGHT;
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
  const params = parseStreamParams(await runFfprobe(buildStreamParamsArgs(inputPath), { signal }));
  const parts = planSmartCut(spans, keyframeFrames(probe.keyframes ?? [], fps), {
    copyTails: !params.reorders,
  });
  const files = parts.map((part, i) => ({
    part,
    outPath: join(dir, `part-${String(i).padStart(5, '0')}.ts`),
  }));
  const durationS = frameCount(spans) / fps;

  const window = inputWindow(spans, fps);
  const graphPath = join(dir, 'audio-graph.txt');
  const graph = buildCutFilterGraph({
    spans,
    fps,
    offsetS: window.offsetS,
    variableFrameRate: false,
    audioOnly: true,
  });
  await writeFile(graphPath, graph, 'utf8');
  const audioPath = join(dir, 'audio.m4a');
  const audio: Task = {
    kind: 'audio',
    args: buildSmartAudioArgs({ inputPath, graphPath, ...window, outPath: audioPath }),
    weight: durationS * AUDIO_SECOND_WEIGHT + RUN_WEIGHT,
  };

  const tasks = planTasks(audio, files);
  const total = tasks.reduce((sum, t) => sum + taskWeight(t), 0) || 1;
  let done = 0;
  await runPool(
    tasks,
    job.concurrency ?? defaultConcurrency(),
    async (task, taskSignal) => {
      const args =
        task.kind === 'audio'
          ? task.args
          : task.kind === 'encode'
            ? buildEncodePartArgs(inputPath, task.item.part, fps, params, task.item.outPath)
            : buildCopyBatchArgs(inputPath, task.items, fps);
      await runFfmpeg(args, { signal: taskSignal });
      done += taskWeight(task);
      job.onProgress?.((done / total) * (1 - MUX_SHARE));
    },
    signal,
  );

  const muxOptions = {
    signal,
    durationS,
    onProgress: job.onProgress
      ? (f: number) => job.onProgress?.(1 - MUX_SHARE + f * MUX_SHARE)
      : undefined,
  };
  if (!params.reorders) {
    await runFfmpeg(buildRestampMuxArgs({ audioPath, fps, outPath: job.outPath }), {
      ...muxOptions,
      stdinFiles: files.map((f) => f.outPath),
    });
    return durationS;
  }
  const listPath = join(dir, 'parts.txt');
  const list = buildConcatList(
    files.map((f) => ({ path: f.outPath, durationS: frames(f.part) / fps })),
  );
  await writeFile(listPath, list, 'utf8');
  await runFfmpeg(buildSmartMuxArgs({ listPath, audioPath, outPath: job.outPath }), muxOptions);
  return durationS;
}
