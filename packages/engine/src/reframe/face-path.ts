// Samples a clip's stretch of the source, finds the faces and turns them into a crop path (or the
// two places of a split layout). The decoding and detection run here; the path maths is in
// crop-path.rules.ts.
import type { ProbeResult, Span } from '../types.ts';
import { chooseSubject, followPath, patchDifference, PATH_RULES } from './crop-path.rules.ts';
import type { FaceSample, PathPoint } from './crop-path.rules.ts';
import {
  createFaceDetector,
  describeFace,
  eyesRegion,
  greyPatch,
  mouthRegion,
} from './face-detector.ts';
import type { Face, Region } from './face-detector.ts';
import { CHANGE_RULES, sceneChanged, thumbnail } from './frame-change.rules.ts';
import type { Thumbnail } from './frame-change.rules.ts';
import { fillBetween } from './keyframe-faces.rules.ts';
import type { FacePlace } from './keyframe-faces.rules.ts';
import { sampleFrames } from './sample-frames.ts';
import type { SampledFrame } from './sample-frames.ts';

export type FacePathOptions = {
  startS: number;
  endS: number;
  /** Width of the crop as a share of the frame's width. */
  cropWidth: number;
  /** When someone speaks (source seconds); null: all the time. */
  speech?: readonly Span[] | null;
  fps?: number;
  signal?: AbortSignal;
};

export type FaceTrack = {
  samples: FaceSample[];
  /** The crop centre over time (shares of the frame's width, source seconds). */
  path: PathPoint[];
  /** Frames the detector saw. */
  detections: number;
  /** Milliseconds spent decoding and detecting. */
  elapsedMs: number;
};

/** Shifts (sampled pixels) tried when comparing a region across frames: box jitter is not talk. */
const SHIFTS = [-2, -1, 0, 1, 2];

/** The smallest change of a region between frames over small shifts of it on the new frame. */
function steadyChange(frame: SampledFrame, region: Region, before: Float32Array): number {
  let least = Infinity;
  for (const dx of SHIFTS) {
    for (const dy of SHIFTS) {
      const moved = {
        x0: region.x0 + dx,
        x1: region.x1 + dx,
        y0: region.y0 + dy,
        y1: region.y1 + dy,
      };
      least = Math.min(least, patchDifference(greyPatch(frame, moved), before));
    }
  }
  return least;
}

/**
 * How much each face's mouth moved since the previous sample beyond what its eyes did: each
 * region is compared at the previous place, allowing a small shift, so a box that wobbles or a
 * head that drifts is not taken for talk.
 */
function mouthMoves(
  frame: SampledFrame,
  faces: readonly Face[],
  previous: readonly FacePlace[],
): number[] {
  return faces.map((face) => {
    const before = previous.find(
      (p) => Math.abs(p.cx - face.cx) / frame.width <= PATH_RULES.sameFaceDistance,
    );
    if (!before || !isFace(before)) return 0;
    const mouth = steadyChange(frame, mouthRegion(before), before.mouthPatch);
    const eyes = steadyChange(frame, eyesRegion(before), before.eyesPatch);
    return Math.max(0, mouth - eyes);
  });
}

const isFace = (f: FacePlace): f is Face => 'mouthPatch' in f;
const placeOf = ({ cx, cy, width, height, score }: FacePlace): FacePlace => ({
  cx,
  cy,
  width,
  height,
  score,
});

/** Detected frames: one in KEYFRAME_EVERY sampled frames (one a second), more where faces change. */
export const KEYFRAME_EVERY = 8;

export async function trackFacePath(
  inputPath: string,
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  options: FacePathOptions,
): Promise<FaceTrack> {
  const started = performance.now();
  const decoded = sampleFrames(inputPath, probe, {
    startS: options.startS,
    endS: options.endS,
    fps: options.fps,
    signal: options.signal,
  })[Symbol.asyncIterator]();
  // NOTE: the first read starts ffmpeg, so the clip decodes while the detector loads (the first
  // clip of a process: ~0.6 s of CPU).
  const first = decoded.next();
  // NOTE: a failed decode is thrown where the first frame is awaited, not as an unhandled rejection
  // while the detector loads.
  first.catch(() => undefined);
  const detector = await createFaceDetector().catch(async (error: unknown) => {
    await decoded.return(undefined);
    throw error;
  });
  const samples: FaceSample[] = [];
  let previous: FacePlace[] = [];
  let detections = 0;
  const emit = (frame: SampledFrame, places: FacePlace[]) => {
    // NOTE: mouth movement only tells speakers apart, so with one face or none it is not measured:
    // its grey patches cost more than the rest of a sample.
    let moves = places.map(() => 0);
    let faces = places;
    if (places.length > 1) {
      const described = places.map((f) => (isFace(f) ? f : describeFace(frame, f, f.score)));
      moves = mouthMoves(frame, described, previous);
      faces = described;
    }
    previous = faces;
    samples.push({
      timeS: frame.timeS,
      faces: faces.map((f, i) => ({
        cx: f.cx / frame.width,
        cy: f.cy / frame.height,
        width: f.width / frame.width,
        mouthMove: moves[i]!,
      })),
    });
  };
  // NOTE: only the frames since the last keyframe are held (KEYFRAME_EVERY + 1, ~1 MB).
  let frames: SampledFrame[] = [];
  let found: (FacePlace[] | undefined)[] = [];
  // NOTE: a keyframe that still looks like the keyframe before it, and not much unlike the last
  // frame the detector saw, keeps the faces found there (their places; the patches are read from
  // the keyframe itself). The mouths are not compared: a talking face is the same scene.
  let seen: Thumbnail | null = null;
  let before: Thumbnail | null = null;
  const detect = async (i: number, look = thumbnail(frames[i]!)): Promise<Face[]> => {
    detections++;
    seen = look;
    return detector.detect(frames[i]!);
  };
  const keyframe = async (i: number, faces: FacePlace[] | undefined): Promise<FacePlace[]> => {
    const now = thumbnail(frames[i]!);
    const last = before ?? seen;
    before = now;
    const mouths = faces?.map((f) => mouthRegion(f)) ?? [];
    const still =
      faces &&
      seen &&
      last &&
      !sceneChanged(last, now, mouths) &&
      !sceneChanged(seen, now, mouths, CHANGE_RULES.driftLevels);
    return still ? faces.map(placeOf) : detect(i, now);
  };
  const flush = async (keep: boolean) => {
    const last = frames.length - 1;
    if (last < 0) return;
    found[0] ??= await detect(0);
    found[last] ??= await keyframe(last, found[0]);
    await fillBetween(found, 0, last, frames[0]!.width, detect);
    const upto = keep ? last : last + 1;
    for (let i = 0; i < upto; i++) {
      emit(frames[i]!, found[i]!);
    }
    frames = keep ? [frames[last]!] : [];
    found = keep ? [found[last]] : [];
  };
  try {
    for (let next = await first; !next.done; next = await decoded.next()) {
      frames.push(next.value);
      if (frames.length === KEYFRAME_EVERY + 1) await flush(true);
    }
  } finally {
    // NOTE: stops ffmpeg when detection fails or the job is cancelled.
    await decoded.return(undefined);
  }
  await flush(false);
  const subject = chooseSubject(samples, options.speech ?? null);
  const path = followPath(
    samples.map((s) => s.timeS),
    subject,
    options.cropWidth,
  );
  return { samples, path, detections, elapsedMs: performance.now() - started };
}
