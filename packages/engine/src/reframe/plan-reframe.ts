// From a reframe mode to a render plan: the face path over the clip's kept stretch of the source.
import { centreCrop } from '../frames/crop.ts';
import type { CropPathPoint, ReframeMode, ReframePlan, SplitPlace } from '../frames/crop.ts';
import type { ProbeResult, Span } from '../types.ts';
import { splitPlaces } from './crop-path.rules.ts';
import { trackFacePath } from './face-path.ts';

/** What a face track over the clip cost and saw. */
export type FaceTrackStats = {
  /** Samples that had a face, of all samples. */
  facesSeen?: { samples: number; withFace: number };
  elapsedMs?: number;
  /** Frames (or parts of frames) the face detector saw. */
  detections?: number;
};

export type ReframeOutcome = ReframePlan &
  FaceTrackStats & {
    /** The mode asked for (a split without two lasting faces falls back to follow). */
    asked: ReframeMode;
  };

type FollowPlan = { mode: 'follow'; path: CropPathPoint[] };
type SplitPlan = { mode: 'split'; places: [SplitPlace, SplitPlace] };

/** Both plans of one face track: `split` is the follow plan when two faces do not last. */
export type ReframeFramings = FaceTrackStats & {
  follow: FollowPlan;
  split: SplitPlan | FollowPlan;
};

export type PlanReframeOptions = {
  keep: readonly Span[];
  speech?: readonly Span[] | null;
  width: number;
  height: number;
  signal?: AbortSignal;
};

const round = (v: number) => Math.round(v * 10000) / 10000;

/**
 * The follow path and the split places of the clip from one face track over its kept stretch, so
 * a clip whose framing may still change (the clip screen's pick) costs one detection pass.
 */
export async function planFramings(
  inputPath: string,
  probe: ProbeResult,
  options: PlanReframeOptions,
): Promise<ReframeFramings> {
  const { keep } = options;
  if (!keep.length) throw new Error('planFramings: no kept span to plan');
  const crop = centreCrop(probe, options.width, options.height);
  const track = await trackFacePath(inputPath, probe, {
    startS: Math.min(...keep.map((s) => s.start)),
    endS: Math.max(...keep.map((s) => s.end)),
    cropWidth: crop.width / probe.displayWidth,
    speech: options.speech ?? null,
    signal: options.signal,
  });
  const follow: FollowPlan = {
    mode: 'follow',
    path: track.path.map((p) => ({ t: round(p.t), cx: round(p.cx) })),
  };
  const places = splitPlaces(track.samples);
  const split: SplitPlan | FollowPlan = places
    ? {
        mode: 'split',
        places: [
          { cx: round(places[0].cx), cy: round(places[0].cy) },
          { cx: round(places[1].cx), cy: round(places[1].cy) },
        ],
      }
    : follow;
  return {
    follow,
    split,
    facesSeen: {
      samples: track.samples.length,
      withFace: track.samples.filter((s) => s.faces.length).length,
    },
    elapsedMs: Math.round(track.elapsedMs),
    detections: track.detections,
  };
}

/** The plan of one mode (the CLI and a render without a stored plan). */
export async function planReframe(
  inputPath: string,
  probe: ProbeResult,
  options: PlanReframeOptions & { mode: ReframeMode },
): Promise<ReframeOutcome> {
  const { mode, keep } = options;
  if (mode === 'centre' || !keep.length) return { mode: 'centre', asked: mode };
  const { follow, split, ...stats } = await planFramings(inputPath, probe, options);
  return { ...(mode === 'split' ? split : follow), asked: mode, ...stats };
}
