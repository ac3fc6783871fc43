// Issue 33: what a processing run is doing and how long it has left. The worker reports each
// piece of work it starts (a stage of the analysis, one clip's framing or render); the time left is
// the measured speed of each piece on this server (seconds of work per second of video, kept from
// finished runs) combined with the current piece's own pace.

/** The stages a user reads, in the order a run goes through them. */
export const RUN_STAGES = [
  'reading',
  'finding-speech',
  'transcribing',
  'aligning',
  'finding-clips',
  'framing',
  'rendering',
] as const;
export type RunStage = (typeof RUN_STAGES)[number];

export const RUN_STAGE_LABELS: Record<RunStage, string> = {
  reading: 'Reading the video',
  'finding-speech': 'Finding speech',
  transcribing: 'Transcribing',
  aligning: 'Aligning words',
  'finding-clips': 'Finding clips',
  framing: 'Framing',
  rendering: 'Rendering',
};

/** The analysis' stages, in order (the job page lists them while it runs). */
export const ANALYSIS_STAGES: readonly RunStage[] = [
  'reading',
  'finding-speech',
  'transcribing',
  'aligning',
  'finding-clips',
];

/** An upload's stage, before any run: the same words beside the upload's own figures. */
export const UPLOADING_LABEL = 'Uploading';

/** Which clip of how many a framing or render stage works on (1-based). */
export type StageClip = { number: number; count: number };

/** "Transcribing", "Rendering clip 2 of 4". */
export function runStageLabel(stage: RunStage, clip?: StageClip | null): string {
  const label = RUN_STAGE_LABELS[stage];
  return clip ? `${label} clip ${clip.number} of ${clip.count}` : label;
}

/**
 * The pieces of work whose speed is measured, finer than the stages (reading the video is a probe
 * and the sound's extraction; a long form's render copies where a short's encodes).
 */
export const WORK_KINDS = [
  'probe',
  'audio',
  'energy',
  'transcribe',
  'phrases',
  'clips',
  'framing',
  'render-long',
  'render-short',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export const WORK_STAGE: Record<WorkKind, RunStage> = {
  probe: 'reading',
  audio: 'reading',
  energy: 'finding-speech',
  transcribe: 'transcribing',
  phrases: 'aligning',
  clips: 'finding-clips',
  framing: 'framing',
  'render-long': 'rendering',
  'render-short': 'rendering',
};

/**
 * How long a piece takes on this server: a fixed part (starting a model, a process) plus a part
 * per second of video. NOTE: both, because a speed per second alone, measured on short videos,
 * puts a model's start-up on every second of a long one.
 */
export type WorkSpeed = { fixedS: number; perS: number };
export type WorkSpeeds = Partial<Record<WorkKind, WorkSpeed>>;

/**
 * Before this server has finished a run of its own: measured on the 2-core development machine
 * (talking videos of 17 s and 77 s with Moonshine, 1080x1920 shorts with subtitles; the machine
 * was shared, so these lean slow), the face search guessed. NOTE: the recogniser's model loads in
 * the energy stage.
 */
export const DEFAULT_WORK_SPEEDS: Record<WorkKind, WorkSpeed> = {
  probe: { fixedS: 0.3, perS: 0.03 },
  audio: { fixedS: 0.2, perS: 0.02 },
  energy: { fixedS: 1, perS: 0.25 },
  transcribe: { fixedS: 2, perS: 0.5 },
  phrases: { fixedS: 0.05, perS: 0.002 },
  clips: { fixedS: 0.05, perS: 0.002 },
  framing: { fixedS: 2, perS: 0.4 },
  'render-long': { fixedS: 0.5, perS: 0.1 },
  'render-short': { fixedS: 2, perS: 1.2 },
};

/** One piece of a run's plan: its kind, the seconds of video it works through, its clip. */
export type WorkItem = { kind: WorkKind; videoS: number; clip?: StageClip };

export const speedOf = (speeds: WorkSpeeds, kind: WorkKind): WorkSpeed => {
  const measured = speeds[kind];
  return measured && Number.isFinite(measured.fixedS) && Number.isFinite(measured.perS)
    ? measured
    : DEFAULT_WORK_SPEEDS[kind];
};

/** The seconds a piece is expected to take. */
export const expectedSeconds = (speed: WorkSpeed, videoS: number): number =>
  Math.max(0, speed.fixedS) + Math.max(0, speed.perS) * Math.max(0, videoS);

const expectedS = (item: WorkItem, speeds: WorkSpeeds) =>
  expectedSeconds(speedOf(speeds, item.kind), item.videoS);

/** Below this share done, a piece's own pace says too little to go by. */
const PACE_FROM = 0.05;
const PACE_AFTER_S = 2;
/** A piece past its expected time still has at least this share of it left. */
const OVERRUN_FLOOR = 0.1;

/**
 * Seconds left: the current piece's rest (its expected time by the measured speed, blended
 * towards its own pace as it advances), then every later piece at its measured speed.
 */
export function estimateSecondsLeft(options: {
  items: readonly WorkItem[];
  current: number;
  /** The current piece's own fraction done, 0-1. */
  fraction: number;
  /** Seconds since the current piece began. */
  elapsedS: number;
  speeds: WorkSpeeds;
}): number {
  const { items, current, speeds } = options;
  const f = Math.min(1, Math.max(0, Number.isFinite(options.fraction) ? options.fraction : 0));
  const elapsed = Math.max(0, options.elapsedS);
  let left = 0;
  const item = items[current];
  if (item) {
    const expected = expectedS(item, speeds);
    const byRate = expected * (1 - f);
    if (f >= PACE_FROM && elapsed >= PACE_AFTER_S) {
      const byPace = (elapsed * (1 - f)) / f;
      left = f * byPace + (1 - f) * byRate;
    } else {
      // NOTE: a piece that reports no fraction (a probe, the face search) counts down its expected
      // time, and once past it is taken to be nearly done rather than not started.
      left = Math.max(Math.min(byRate, expected - elapsed), OVERRUN_FLOOR * byRate);
    }
  }
  for (const later of items.slice(Math.max(0, current + 1))) left += expectedS(later, speeds);
  return Math.max(0, left);
}

/**
 * What this server measured of one kind of piece, as decayed sums of (video seconds, seconds
 * taken) pairs: the straight line through them is its speed, and older runs count for less.
 */
export type SpeedSums = { n: number; x: number; y: number; xx: number; xy: number };

/** Each earlier measure counts this much less than the next: a changed machine shows in a few runs. */
const SUMS_DECAY = 0.8;

/** The sums with one more finished piece (`videoS` of video in `seconds`). */
export function addSpeedSample(sums: SpeedSums | undefined, videoS: number, seconds: number) {
  const d = sums ? SUMS_DECAY : 0;
  return {
    n: (sums?.n ?? 0) * d + 1,
    x: (sums?.x ?? 0) * d + videoS,
    y: (sums?.y ?? 0) * d + seconds,
    xx: (sums?.xx ?? 0) * d + videoS * videoS,
    xy: (sums?.xy ?? 0) * d + videoS * seconds,
  };
}

/** Lengths must differ by this share of their mean before a line is fitted through them. */
const MIN_LENGTH_SPREAD = 0.25;

/**
 * The speed the sums say: the line through them once runs of different lengths were measured;
 * before that, the built-in fixed part (never more than was measured) and the rest per second.
 */
export function speedFromSums(sums: SpeedSums, fallback: WorkSpeed): WorkSpeed {
  if (!(sums.n > 0) || !(sums.x > 0)) return fallback;
  const meanX = sums.x / sums.n;
  const meanY = sums.y / sums.n;
  const varX = sums.xx / sums.n - meanX * meanX;
  if (sums.n >= 1.5 && varX > (MIN_LENGTH_SPREAD * meanX) ** 2) {
    const perS = (sums.xy / sums.n - meanX * meanY) / varX;
    const fixedS = meanY - perS * meanX;
    if (perS >= 0 && fixedS >= 0) return { fixedS, perS };
  }
  const fixedS = Math.min(fallback.fixedS, meanY);
  return { fixedS, perS: Math.max(0, (meanY - fixedS) / meanX) };
}

/** A finished piece's measure, or null when it says nothing (no video length, no time). */
export function workSample(item: WorkItem, elapsedS: number) {
  if (!(item.videoS > 0) || !(elapsedS > 0)) return null;
  return { kind: item.kind, videoS: item.videoS, seconds: elapsedS };
}

/** "about 3 min left", "less than a minute left", "about 1 h 20 min left". */
export function formatTimeLeft(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 10) return 'a few seconds left';
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}

/** What a run says beside its status: its stage and time left, or null when it says nothing. */
export type RunProgressView = { stage: string; timeLeft: string | null };

export function runProgressView(instance: {
  stage?: RunStage | null;
  stage_clip?: StageClip | null;
  seconds_left?: number | null;
}): RunProgressView | null {
  if (!instance.stage) return null;
  const left = instance.seconds_left;
  return {
    stage: runStageLabel(instance.stage, instance.stage_clip),
    timeLeft: left === null || left === undefined ? null : formatTimeLeft(left) || null,
  };
}
