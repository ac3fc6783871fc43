import { open, stat } from 'node:fs/promises';
import { EngineError } from '../types.ts';
import type { ProbeResult } from '../types.ts';
import { runFfprobe, streamFfprobe } from './ffmpeg-runner.ts';
import { MediaToolError } from './run-limits.ts';
import {
  buildPacketScanArgs,
  createPacketScanner,
  isVariableFrameRate,
  measuredLengths,
} from './packet-scan.ts';
import { TRUNCATION_PATTERN, classifyProbeFailure, probeError } from './probe-errors.ts';
import { buildProbeArgs, formatStart, parseProbeOutput } from './probe-parse.ts';
import type { FfprobeOutput } from './probe-parse.ts';

export type ProbeOptions = {
  signal?: AbortSignal;
  /** Include keyframe times (smart cut needs them). */
  keyframes?: boolean;
  /**
   * Demux every packet to catch truncated files and measure frame-rate variation (default true).
   * It reads the whole file but decodes nothing: about a second per GB from cache.
   */
  scanPackets?: boolean;
  /**
   * Told the header's result once it has passed its checks, before the packet scan: work that
   * needs only a valid file (the sound's extraction) can start beside the scan.
   */
  onHeader?: (header: ProbeResult) => void;
};

// NOTE: a probe decodes nothing: 0.27 GB of address space measured; 2 GB leaves room for odd files.
const PROBE_LIMITS = { task: 'probe', memoryCapBytes: 2 * 1024 ** 3 } as const;

/** A run stopped at its ceiling: its own message says so, not "the file is damaged". */
const isLimit = (error: EngineError): boolean =>
  error.code === 'memory_limit' || error.code === 'time_limit';

/** ffprobe's own words, which the failure's class is read from (the message is for users). */
const detailOf = (error: EngineError): string =>
  error instanceof MediaToolError ? error.detail : error.message;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Probes and validates an uploaded video. Resolves only for a file the engine can edit: a picture,
 * a sound track, a positive length and (with scanPackets) every packet present, its length then
 * measured from the packets (a header may claim any length). Otherwise rejects
 * with an EngineError whose message tells the user what to do.
 */
export async function probeMedia(path: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw probeError('not_a_video', 'not a file');
    size = info.size;
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw probeError('file_not_found');
  }
  if (size === 0) throw probeError('zero_length');
  const head = await readHead(path);

  let json: string;
  const stderr: string[] = [];
  try {
    json = await runFfprobe(buildProbeArgs(path), {
      ...PROBE_LIMITS,
      work: { mediaS: 0 },
      signal: options.signal,
      onStderrLine: (line) => stderr.push(line),
    });
  } catch (error) {
    if (!(error instanceof EngineError) || isLimit(error)) throw error;
    throw classifyProbeFailure([...stderr, detailOf(error)].join('\n'), head);
  }
  const result = parseProbeOutput(json, size);
  if (options.scanPackets === false) return result;
  options.onHeader?.(result);

  const parsed = JSON.parse(json) as FfprobeOutput;
  const streams = parsed.streams ?? [];
  const videoIndex =
    streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic)?.index ?? -1;
  const audioIndex = streams.find((s) => s.codec_type === 'audio')?.index ?? -1;
  const scanner = createPacketScanner(videoIndex, audioIndex);
  let truncated = false;
  const scan = streamFfprobe(buildPacketScanArgs(path), {
    ...PROBE_LIMITS,
    // NOTE: the scan's time follows the bytes it reads (about a second a GB from cache), whatever
    // length the header claims: each 20 MB counts as a second of media.
    work: { mediaS: size / (20 * 2 ** 20) },
    signal: options.signal,
    onStderrLine: (line) => {
      if (TRUNCATION_PATTERN.test(line)) truncated = true;
    },
  });
  scan.stdout.setEncoding('utf8');
  scan.stdout.on('data', (chunk: string) => scanner.write(chunk));
  try {
    await scan.done;
  } catch (error) {
    if (!(error instanceof EngineError) || isLimit(error)) throw error;
    throw TRUNCATION_PATTERN.test(detailOf(error))
      ? probeError('truncated_file')
      : probeError('corrupt_file');
  }
  const packets = scanner.end();
  // NOTE: packet times are the file's own; seeks and renders count from its start.
  const start = formatStart(parsed.format);
  if (truncated) throw probeError('truncated_file');
  if (packets.videoPackets === 0) throw probeError('zero_length', 'no video frames');
  if (packets.audioPackets === 0) throw probeError('no_audio_stream', 'the sound track is empty');
  return {
    ...result,
    ...measuredLengths(result, packets, start),
    variableFrameRate: result.variableFrameRate || isVariableFrameRate(packets),
    ...(options.keyframes
      ? {
          keyframes: start ? packets.keyframes.map((t) => t - start) : packets.keyframes,
          openGop: packets.openKeyframes > 0,
          frameReordering: packets.reorders,
        }
      : {}),
  };
}
