// Where a copied group of pictures may stop short of its end, for sources that reorder frames
// (B-frames). A group's packets, in decode order, can be cut after any prefix that holds exactly
// the first pictures shown: every picture refers only to pictures decoded before it, so such a
// prefix decodes on its own and shows pictures k..k+n-1 with nothing missing. Those ends fall
// after each anchor's B-frames, a few pictures apart, so a span's tail is copied up to the last of
// them and only the pictures after it are encoded again, not the whole last group.
import { keyframeIn, lastWithin } from './sorted-frames.ts';
import { formatSeconds } from '../frames/spans.ts';
import type { FrameSpan } from '../frames/spans.ts';

/** The group a span's tail starts: its keyframe and how many packets reach the span's end. */
export type TailRead = { keyframe: number; packets: number };

/** The last keyframe after a span's first one and at most its end, per span that has one. */
export function tailReads(spans: readonly FrameSpan[], keyframes: readonly number[]): TailRead[] {
  const reads: TailRead[] = [];
  for (const span of spans) {
    const k1 = keyframeIn(keyframes, span);
    if (k1 === undefined) continue;
    const k2 = lastWithin(keyframes, k1, span.end);
    if (k2 < span.end) reads.push({ keyframe: k2, packets: span.end - k2 });
  }
  return reads;
}

/**
 * ffprobe reading only the packets of those tails: each interval seeks to its keyframe (a quarter
 * frame past it, as the copies do) and reads the packets up to the span's end. NOTE: ffprobe seeks
 * on the file's own clock (`startS` is its start), where ffmpeg's -ss counts from the start.
 */
export function buildCopyEndsProbeArgs(
  path: string,
  reads: readonly TailRead[],
  fps: number,
  startS: number,
): string[] {
  const intervals = reads
    .map((r) => `${formatSeconds(startS + (r.keyframe + 0.25) / fps)}%+#${r.packets}`)
    .join(',');
  return [
    ...['-select_streams', 'v:0', '-read_intervals', intervals],
    ...['-show_entries', 'packet=pts_time,flags', '-of', 'json', '--', path],
  ];
}

type ProbedPackets = { packets?: { pts_time?: string; flags?: string }[] };

/**
 * The frames a copy may end at, from the packets read for `reads` (in order): each keyframe
 * itself, and every later frame k+n where the first n packets after keyframe k show exactly
 * pictures k..k+n-1. A read that does not start on its keyframe gives nothing (the tail is then
 * encoded whole, as before).
 */
export function parseCopyEnds(json: string, reads: readonly TailRead[], fps: number): number[] {
  const packets = (JSON.parse(json) as ProbedPackets).packets ?? [];
  const ends: number[] = [];
  let at = 0;
  for (const read of reads) {
    const key = packets[at];
    if (!key?.flags?.startsWith('K')) break;
    const keyS = Number(key.pts_time);
    const seen = new Set<number>();
    let [lowest, highest] = [0, 0];
    let n = 0;
    for (; n < read.packets && at + n < packets.length; n++) {
      const packet = packets[at + n]!;
      if (n > 0 && packet.flags?.startsWith('K')) break;
      const shown = Math.round((Number(packet.pts_time) - keyS) * fps);
      seen.add(shown);
      [lowest, highest] = [Math.min(lowest, shown), Math.max(highest, shown)];
      // NOTE: n+1 packets holding n+1 distinct pictures, all within 0..n, are exactly 0..n.
      if (seen.size === n + 1 && lowest >= 0 && highest <= n) ends.push(read.keyframe + n + 1);
    }
    ends.push(read.keyframe);
    at += n;
  }
  return [...new Set(ends)].sort((a, b) => a - b);
}
