// Smart cut's join of the parts and the cut sound: in order as one H.264 stream, or through the
// concat demuxer by timestamps.
import { appendFile, open, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { filesInOrder, runFfmpeg } from '../media/ffmpeg-runner.ts';
import type { LimitOptions } from '../media/ffmpeg-runner.ts';
import type { ProgressFn } from '../types.ts';
import { annexBSamples } from './mp4-samples.ts';
import { buildConcatList, buildSmartMuxArgs, tsPaddingFor } from './smart-cut-join-args.ts';
import type { PartFile, SmartCutPlan } from './smart-cut-plan.ts';
import { MUX_SHARE, partFrames } from './smart-cut-tasks.ts';

/**
 * The parts one after another as one H.264 stream: encoded ones from their files when done,
 * copied ones straight from the source when it allows. A failure stops the join too, so a part
 * that cannot be read never leaves a short output behind.
 */
export async function* partsInOrder(
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
export async function joinByTimestamps(options: {
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
    files.map((f) => ({ path: f.outPath, durationS: partFrames(f.part) / fps })),
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
