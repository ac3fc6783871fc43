// The packet scan of probing: one demux pass over every packet, folded into keyframes, frame
// durations and where the streams end, and what those say of the container's claims.

/** One demux pass over every packet (no decoding): keyframes, frame durations, truncation. */
export const buildPacketScanArgs = (path: string): string[] => [
  '-show_entries',
  'packet=stream_index,pts_time,dts_time,duration_time,flags',
  '-of',
  'csv=p=0',
  '--',
  path,
];

export type PacketScan = {
  videoPackets: number;
  audioPackets: number;
  /** Keyframes no later picture (in decode order) is shown before: where decoding can start. */
  keyframes: number[];
  /** Keyframes left out of `keyframes` because a later picture is shown before them. */
  openKeyframes: number;
  /** Some picture is shown before one decoded earlier (B-frames). */
  reorders: boolean;
  /** The shortest and the longest picture duration the packets state. */
  minFrameS: number;
  maxFrameS: number;
  /** The shortest and the longest step between pictures in presentation order. */
  minStepS: number;
  maxStepS: number;
  /** Where the last picture and the last sound packet end (time + duration), on the file's clock. */
  videoEndS: number;
  audioEndS: number;
};

/** A tenth of a millisecond absorbs the rounding of printed times. */
const EPSILON_S = 1e-4;
/** More pictures than any encoder holds back for B-frames (x264 and x265 reorder at most 16). */
const REORDER_WINDOW = 32;

/** Folds `stream_index,pts_time,dts_time,duration_time,flags` lines in O(1) memory (keyframes aside). */
export function createPacketScanner(videoIndex: number, audioIndex: number) {
  const scan: PacketScan = {
    videoPackets: 0,
    audioPackets: 0,
    keyframes: [],
    openKeyframes: 0,
    reorders: false,
    minFrameS: Infinity,
    maxFrameS: 0,
    minStepS: Infinity,
    maxStepS: 0,
    videoEndS: 0,
    audioEndS: 0,
  };
  let pending = '';
  let latestShown = -Infinity;
  // NOTE: the pictures' times put back in presentation order through a window deeper than any
  // B-frame reordering, so the steps between them are how long each picture is shown.
  const reordering: number[] = [];
  let lastShown = NaN;
  const present = (t: number) => {
    const step = t - lastShown;
    if (step > EPSILON_S) {
      scan.minStepS = Math.min(scan.minStepS, step);
      scan.maxStepS = Math.max(scan.maxStepS, step);
    }
    lastShown = t;
  };
  const showInOrder = (t: number) => {
    let at = reordering.length;
    while (at > 0 && reordering[at - 1]! > t) at--;
    reordering.splice(at, 0, t);
    if (reordering.length > REORDER_WINDOW) present(reordering.shift()!);
  };
  // The keyframe being checked for leading pictures, until the next keyframe arrives.
  let key: { t: number; open: boolean } | null = null;
  const settleKey = () => {
    if (!key) return;
    if (key.open) scan.openKeyframes++;
    else scan.keyframes.push(key.t);
    key = null;
  };
  const line = (text: string) => {
    const [index, pts, dts, duration, flags] = text.split(',');
    const stream = Number(index);
    const d = Number(duration);
    const t = Number(pts !== 'N/A' && pts ? pts : dts);
    const end = (Number.isFinite(t) ? t : 0) + (Number.isFinite(d) && d > 0 ? d : 0);
    if (stream === audioIndex) {
      scan.audioPackets++;
      scan.audioEndS = Math.max(scan.audioEndS, end);
    }
    if (stream !== videoIndex) return;
    scan.videoPackets++;
    scan.videoEndS = Math.max(scan.videoEndS, end);
    if (Number.isFinite(d) && d > 0) {
      scan.minFrameS = Math.min(scan.minFrameS, d);
      scan.maxFrameS = Math.max(scan.maxFrameS, d);
    }
    if (!Number.isFinite(t)) return;
    showInOrder(t);
    if (t < latestShown - EPSILON_S) scan.reorders = true;
    latestShown = Math.max(latestShown, t);
    if (flags?.startsWith('K')) {
      settleKey();
      key = { t, open: false };
    } else if (key && t < key.t - EPSILON_S) {
      key.open = true;
    }
  };
  return {
    write(chunk: string) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) line(l.trim());
    },
    end(): PacketScan {
      if (pending.trim()) line(pending.trim());
      pending = '';
      for (const t of reordering.splice(0)) present(t);
      settleKey();
      scan.keyframes.sort((a, b) => a - b);
      return scan;
    },
  };
}

/** How far the container's claimed length may exceed the packets' before the packets win. */
export const CLAIMED_LENGTH_SLACK_S = 0.5;

/**
 * The lengths the packets measure, in place of the container's claims when those run past them:
 * a header (mvhd, mdhd) can claim any length, the packets are what decodes.
 * `start` is the file's own start (packet times count from it).
 */
export function measuredLengths(
  claimed: { durationS: number; videoEndS?: number },
  scan: PacketScan,
  start: number,
): { durationS: number; videoEndS?: number } {
  const round = (t: number) => Math.round(t * 1e6) / 1e6;
  const measured = round(Math.max(scan.videoEndS, scan.audioEndS) - start);
  const videoEnd = round(scan.videoEndS - start);
  const trust = (claim: number, packets: number) =>
    packets > 0 && claim > packets + CLAIMED_LENGTH_SLACK_S ? packets : claim;
  return {
    durationS: trust(claimed.durationS, measured),
    ...(claimed.videoEndS === undefined ? {} : { videoEndS: trust(claimed.videoEndS, videoEnd) }),
  };
}

/** How much frame durations may vary (a share of the shortest) at a constant rate. */
const RATE_VARIATION = 0.05;

/**
 * Frame durations, or steps between the pictures' times, that vary by more than 5% mean a
 * variable frame rate. NOTE: the steps, because mov packets of a variable rate with B-frames (as
 * phones write) state durations that do not vary (x265: every one the nominal frame; x264: one
 * tick) or none. A tenth of a millisecond more absorbs the container clock's ticks: 29.97 in
 * 1/600 s steps 20 and 21 ticks, which is a constant rate.
 */
export const isVariableFrameRate = (scan: PacketScan): boolean =>
  scan.videoPackets > 2 &&
  ((scan.minFrameS > 0 && scan.maxFrameS / scan.minFrameS > 1 + RATE_VARIATION) ||
    (Number.isFinite(scan.minStepS) &&
      scan.maxStepS > scan.minStepS * (1 + RATE_VARIATION) + EPSILON_S));
