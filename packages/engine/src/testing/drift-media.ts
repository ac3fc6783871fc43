// Sources that make renders drift, each with marks whose true times are known: a white flash on
// the picture and a click on the sound at the same moment, every `markEveryS`. Renders are checked
// by finding the flashes and clicks in their output (drift-measure.ts), not by container times.
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../media/ffmpeg-runner.ts';

export type DriftKind = 'cfr' | 'vfr' | 'audio-late' | 'audio-early' | 'edit-list';

/** The drift-prone kinds (cfr is the well-behaved control). */
export const DRIFT_KINDS: readonly DriftKind[] = ['vfr', 'audio-late', 'audio-early', 'edit-list'];

export const DRIFT_DESCRIPTIONS: Record<DriftKind, string> = {
  cfr: 'constant frame rate, both streams from 0 (control)',
  vfr: 'variable frame rate (frames of 1, 2 and 3 sixtieths)',
  'audio-late': `sound starts ${0.5} s after the picture (an empty edit before the sound)`,
  'audio-early': `sound starts ${0.4} s before the picture (an empty edit before the picture)`,
  'edit-list': 'trimmed by stream copy mid-GOP: edit lists hide the frames before the cut',
};

export type DriftSource = {
  kind: DriftKind;
  path: string;
  durationS: number;
  /** The rate the marks are drawn at (the VFR source's frames sit on this grid). */
  fps: number;
  /** Times, on the file's own timeline, where a flash starts and a click sounds together. */
  marks: number[];
};

export type DriftOptions = {
  dir: string;
  /** Length of the finished source (default 12 s). */
  durationS?: number;
  width?: number;
  height?: number;
  /** Frame rate of the CFR kinds (default 30). */
  fps?: number;
  /** Reuse a source already made with the same parameters (for the bench). */
  cache?: boolean;
};

const SAMPLE_RATE = 48_000;
/** The first mark, and how long the flash stays white. */
const FIRST_MARK_S = 0.7;
const FLASH_S = 0.1;
const CLICK_S = 0.01;
export const MARK_EVERY_S = 1;
const AUDIO_LATE_S = 0.5;
const AUDIO_EARLY_S = 0.4;
// Where the edit-list source is cut from its parent: mid-GOP, on a frame. NOTE: ffmpeg 5.1 starts
// a copy's picture at the next frame but its sound at the time asked, so a cut between frames
// would leave the source itself out of sync.
const TRIM_AT_S = 1.4;
const VFR_BASE_FPS = 60;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A dimmed moving test picture, white for FLASH_S from each mark (counted in frames: exact). */
function pictureSource(o: { width: number; height: number; fps: number; durationS: number }) {
  const first = Math.round(FIRST_MARK_S * o.fps);
  const every = Math.round(MARK_EVERY_S * o.fps);
  const lit = Math.max(1, Math.round(FLASH_S * o.fps));
  return [
    `testsrc2=size=${o.width}x${o.height}:rate=${o.fps}:duration=${o.durationS}`,
    'lutyuv=y=val*0.4',
    `drawbox=color=white:thickness=fill:enable='gte(n\\,${first})*lt(mod(n-${first}\\,${every})\\,${lit})'`,
  ].join(',');
}

/**
 * Silence with a 1 kHz click at each mark; `startS` is where this sound begins on the file's
 * timeline, so its clicks land on the same marks as the flashes.
 */
function soundSource(startS: number, durationS: number): string {
  const first = Math.round((FIRST_MARK_S - startS) * SAMPLE_RATE);
  const every = Math.round(MARK_EVERY_S * SAMPLE_RATE);
  const long = Math.round(CLICK_S * SAMPLE_RATE);
  const click = `gte(n\\,${first})*lt(mod(n-${first}\\,${every})\\,${long})`;
  return `aevalsrc='if(${click}\\,0.8*sin(2*PI*1000*t)\\,0)':s=${SAMPLE_RATE}:d=${durationS}`;
}

const lavfi = (graph: string) => ['-f', 'lavfi', '-i', graph];
/** A keyframe every 2 s, as cameras write: smart cut has GOPs to copy. */
const h264 = (fps: number, bFrames = true) => [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p'],
  ...['-g', String(Math.round(fps * 2)), ...(bFrames ? [] : ['-bf', '0'])],
];
const aac = ['-c:a', 'aac', '-b:a', '64k'];

/** Where in each second the marks of any drift source fall (their first mark, modulo a second). */
export const DRIFT_MARK_PHASES: readonly number[] = [
  FIRST_MARK_S,
  (FIRST_MARK_S + AUDIO_EARLY_S) % MARK_EVERY_S,
  (((FIRST_MARK_S - TRIM_AT_S) % MARK_EVERY_S) + MARK_EVERY_S) % MARK_EVERY_S,
];

const marksWithin = (fromS: number, toS: number, shiftS = 0): number[] => {
  const marks: number[] = [];
  for (let m = FIRST_MARK_S; m + shiftS + FLASH_S <= toS; m += MARK_EVERY_S) {
    if (m + shiftS >= fromS) marks.push(Math.round((m + shiftS) * 1e6) / 1e6);
  }
  return marks;
};

/** One kind of drift-prone source with its true marks. */
export async function makeDriftSource(
  kind: DriftKind,
  options: DriftOptions,
): Promise<DriftSource> {
  const durationS = options.durationS ?? 12;
  const width = options.width ?? 320;
  const height = options.height ?? 180;
  const fps = options.fps ?? 30;
  await mkdir(options.dir, { recursive: true });
  const stem = `drift-${kind}-${durationS}s-${width}x${height}-${fps}`;
  const out = path.join(options.dir, `${stem}.mp4`);
  const picture = { width, height, fps, durationS };
  const source = (marks: number[], markFps = fps): DriftSource => ({
    kind,
    path: out,
    durationS,
    fps: markFps,
    marks,
  });
  const made = async (args: string[]) => {
    if (options.cache && (await exists(out))) return;
    const partial = `${out}.partial.mp4`;
    await runFfmpeg([...args, '-f', 'mp4', partial]);
    await rename(partial, out);
  };
  switch (kind) {
    case 'cfr':
      await made([
        ...lavfi(pictureSource(picture)),
        ...lavfi(soundSource(0, durationS)),
        ...h264(fps),
        ...aac,
      ]);
      return source(marksWithin(0, durationS));
    case 'vfr': {
      const base = VFR_BASE_FPS;
      // NOTE: keeps frames 0, 1 and 3 of every 6 (shown for 1, 2 and 3 sixtieths) and every
      // flash's first frame, so each mark still starts exactly on a frame.
      const first = Math.round(FIRST_MARK_S * base);
      const every = Math.round(MARK_EVERY_S * base);
      const keep = `eq(mod(n\\,6)\\,0)+eq(mod(n\\,6)\\,1)+eq(mod(n\\,6)\\,3)+not(mod(n-${first}\\,${every}))`;
      await made([
        ...lavfi(`${pictureSource({ ...picture, fps: base })},select='${keep}'`),
        ...lavfi(soundSource(0, durationS)),
        ...['-fps_mode', 'vfr', '-enc_time_base', `1/${base * 100}`],
        ...h264(30),
        ...aac,
      ]);
      return source(marksWithin(0, durationS), base);
    }
    case 'audio-late':
      // NOTE: no B-frames, as many phones record: smart cut copies span tails and restamps.
      await made([
        ...lavfi(pictureSource(picture)),
        ...['-itsoffset', String(AUDIO_LATE_S)],
        ...lavfi(soundSource(AUDIO_LATE_S, durationS - AUDIO_LATE_S)),
        ...h264(fps, false),
        ...aac,
      ]);
      return source(marksWithin(AUDIO_LATE_S, durationS));
    case 'audio-early': {
      // The picture, made on its own, is delayed as it is muxed.
      const picturePath = path.join(options.dir, `${stem}.picture.mp4`);
      if (!(options.cache && (await exists(out)))) {
        await runFfmpeg([
          ...lavfi(pictureSource({ ...picture, durationS: durationS - AUDIO_EARLY_S })),
          ...h264(fps),
          picturePath,
        ]);
      }
      try {
        await made([
          ...['-itsoffset', String(AUDIO_EARLY_S), '-i', picturePath],
          ...lavfi(soundSource(-AUDIO_EARLY_S, durationS)),
          ...['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy'],
          ...aac,
        ]);
      } finally {
        await rm(picturePath, { force: true });
      }
      return source(marksWithin(AUDIO_EARLY_S, durationS, AUDIO_EARLY_S));
    }
    case 'edit-list': {
      const marks = marksWithin(0, durationS, -TRIM_AT_S).filter((m) => m >= 0);
      if (options.cache && (await exists(out))) return source(marks);
      const parent = await makeDriftSource('cfr', {
        ...options,
        cache: false,
        durationS: durationS + TRIM_AT_S,
      });
      try {
        // NOTE: a stream copy from mid-GOP keeps the GOP's first frames and hides them with an
        // edit list; a reader that ignores it shows them, and the sound, out of place.
        await made(['-ss', String(TRIM_AT_S), '-i', parent.path, '-map', '0', '-c', 'copy']);
      } finally {
        await rm(parent.path, { force: true });
      }
      return source(marks);
    }
  }
}
