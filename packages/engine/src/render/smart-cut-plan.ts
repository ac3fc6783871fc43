// Smart cut, what to do before any picture is made: the stream's parameters, which frames are
// copied and which encoded again, and where the copied ones come from.
import { join } from 'node:path';
import { runFfprobe } from '../media/ffmpeg-runner.ts';
import type { LimitOptions } from '../media/ffmpeg-runner.ts';
import type { ProbeResult } from '../types.ts';
import { buildCopyEndsProbeArgs, parseCopyEnds, tailReads } from './copy-ends.ts';
import { copiesExactly, readMp4VideoIndex } from './mp4-samples.ts';
import type { Mp4VideoIndex } from './mp4-samples.ts';
import { buildStreamParamsArgs, parseStreamParams } from './smart-cut-encode-args.ts';
import type { VideoStreamParams } from './smart-cut-encode-args.ts';
import { keyframeFrames, planSmartCut } from './smart-cut-parts.ts';
import type { PartFormat, SmartPart } from './smart-cut-parts.ts';
import type { FrameSpan } from '../frames/spans.ts';

export type PartFile = { part: SmartPart; outPath: string };

export type SmartCutPlan = {
  /** No picture is reordered: parts are joined in order and restamped (else by timestamps). */
  inOrder: boolean;
  params: VideoStreamParams;
  /** How part files are written: raw H.264 for the in-order join, MPEG-TS for the concat demuxer. */
  format: PartFormat;
  files: PartFile[];
  /** The source's own samples, when copied parts are read from it as the join takes them. */
  direct: Mp4VideoIndex | null;
};

export async function planSmartCutJob(job: {
  inputPath: string;
  dir: string;
  spans: readonly FrameSpan[];
  probe: ProbeResult;
  limits: LimitOptions;
}): Promise<SmartCutPlan> {
  const { inputPath, spans, probe, limits } = job;
  const fps = probe.fps;
  const params = parseStreamParams(await runFfprobe(buildStreamParamsArgs(inputPath), limits));
  // NOTE: both the stream's own declaration and the packets the probe saw must say no reordering.
  const inOrder = !params.reorders && probe.frameReordering !== true;
  const keyframes = keyframeFrames(probe.keyframes ?? [], fps);
  // NOTE: with B-frames, one short read of the packets of each span's last group finds where its
  // copy may stop (copy-ends.ts); without them every tail is copied whole anyway.
  const reads = inOrder ? [] : tailReads(spans, keyframes);
  const copyEnds = reads.length
    ? parseCopyEnds(
        await runFfprobe(buildCopyEndsProbeArgs(inputPath, reads, fps, params.startS), limits),
        reads,
        fps,
      )
    : undefined;
  const parts = planSmartCut(spans, keyframes, { copyTails: inOrder, copyEnds });
  const format: PartFormat = inOrder ? 'h264' : 'mpegts';
  const files = parts.map((part, i) => ({
    part,
    outPath: join(
      job.dir,
      `part-${String(i).padStart(5, '0')}.${format === 'h264' ? 'h264' : 'ts'}`,
    ),
  }));
  return { inOrder, params, format, files, direct: inOrder ? await directIndex(job, parts) : null };
}

/**
 * The source's sample index when every copied part can be read from it exactly; else null, and
 * the copies are made by ffmpeg runs into part files as before.
 */
async function directIndex(
  job: { inputPath: string; probe: ProbeResult },
  parts: readonly SmartPart[],
): Promise<Mp4VideoIndex | null> {
  if (!/mov|mp4/.test(job.probe.formatName)) return null;
  // NOTE: a file this reader does not understand is copied by ffmpeg, as any other container.
  const index = await readMp4VideoIndex(job.inputPath).catch(() => null);
  const copies = parts.filter((p) => p.kind === 'copy');
  return index && copiesExactly(index, job.probe.fps, copies) ? index : null;
}
