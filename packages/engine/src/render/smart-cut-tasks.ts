// Smart cut's ffmpeg runs: the picture parts batched into runs, and what each run weighs in the
// progress.
import type { SmartPart } from './smart-cut-parts.ts';
import type { PartFile } from './smart-cut-plan.ts';

// NOTE: rough costs in "frames encoded" so progress moves evenly: copying a frame, starting one
// ffmpeg run, and encoding a second of sound.
const COPY_WEIGHT = 0.02;
export const RUN_WEIGHT = 8;
export const AUDIO_SECOND_WEIGHT = 0.6;
export const MUX_SHARE = 0.05;
/** Copy parts per ffmpeg run: one input each, so this bounds the open files and index memory. */
const COPY_BATCH = 16;
/**
 * Encoded parts per ffmpeg run: sharing one start-up saves about a tenth of a second each
 * (measured: 4 parts cost 12% less CPU together than alone), while memory grows by a decoder and
 * an encoder per part (about 240 MB for 4 at 1080p).
 */
const ENCODE_BATCH = 4;

export type Task = { kind: 'copy' | 'encode'; items: PartFile[] };

export const partFrames = (p: SmartPart) => p.end - p.first;

/** The picture parts that need an ffmpeg run, batched in timeline order (the join's order). */
export function planTasks(files: readonly PartFile[]): Task[] {
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

export const taskWeight = (task: Task): number =>
  task.items.reduce(
    (sum, f) => sum + partFrames(f.part) * (task.kind === 'copy' ? COPY_WEIGHT : 1),
    RUN_WEIGHT,
  );
