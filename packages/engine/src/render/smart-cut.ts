// Smart cut, the running part: probe codec parameters, make each part, join, add the sound.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, runFfprobe } from '../media/ffmpeg-runner.ts';
import type { ProbeResult, ProgressFn } from '../types.ts';
import { buildCutFilterGraph, inputWindow } from './cut-graph.ts';
import {
  buildConcatList,
  buildCopyPartArgs,
  buildEncodePartArgs,
  buildSmartMuxArgs,
  buildStreamParamsArgs,
  keyframeFrames,
  parseStreamParams,
  planSmartCut,
} from './smart-cut-args.ts';
import { frameCount } from './spans.ts';
import type { FrameSpan } from './spans.ts';

// NOTE: rough costs per frame so progress moves evenly: decoding+encoding vs copying packets.
const ENCODE_WEIGHT = 1;
const COPY_WEIGHT = 0.02;
const MUX_SHARE = 0.1;

export async function runSmartCut(job: {
  inputPath: string;
  outPath: string;
  dir: string;
  spans: readonly FrameSpan[];
  probe: ProbeResult;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
}): Promise<number> {
  const { probe, spans, signal } = job;
  const fps = probe.fps;
  const params = parseStreamParams(
    await runFfprobe(buildStreamParamsArgs(job.inputPath), { signal }),
  );
  const parts = planSmartCut(spans, keyframeFrames(probe.keyframes ?? [], fps));
  const weight = (p: (typeof parts)[number]) =>
    (p.end - p.first) * (p.kind === 'encode' ? ENCODE_WEIGHT : COPY_WEIGHT);
  const total = parts.reduce((sum, p) => sum + weight(p), 0) || 1;
  let done = 0;
  const files: { path: string; durationS: number }[] = [];
  for (const [i, part] of parts.entries()) {
    const path = join(job.dir, `part-${String(i).padStart(5, '0')}.ts`);
    const share = weight(part) / total;
    const base = done;
    const args =
      part.kind === 'copy'
        ? buildCopyPartArgs(job.inputPath, part, fps, path)
        : buildEncodePartArgs(job.inputPath, part, fps, params, path);
    await runFfmpeg(args, {
      signal,
      durationS: (part.end - part.first) / fps,
      onProgress: job.onProgress
        ? (f) => job.onProgress?.((base + f * share) * (1 - MUX_SHARE))
        : undefined,
    });
    done += share;
    files.push({ path, durationS: (part.end - part.first) / fps });
  }
  const listPath = join(job.dir, 'parts.txt');
  await writeFile(listPath, buildConcatList(files), 'utf8');
  const window = inputWindow(spans, fps);
  const graphPath = join(job.dir, 'audio-graph.txt');
  await writeFile(
    graphPath,
    buildCutFilterGraph({
      spans,
      fps,
      offsetS: window.offsetS,
      variableFrameRate: false,
      audioOnly: true,
      inputIndex: 1,
    }),
    'utf8',
  );
  const durationS = frameCount(spans) / fps;
  await runFfmpeg(
    buildSmartMuxArgs({
      listPath,
      inputPath: job.inputPath,
      graphPath,
      offsetS: window.offsetS,
      lengthS: window.lengthS,
      outPath: job.outPath,
    }),
    {
      signal,
      durationS,
      onProgress: job.onProgress
        ? (f) => job.onProgress?.(1 - MUX_SHARE + f * MUX_SHARE)
        : undefined,
    },
  );
  return durationS;
}
