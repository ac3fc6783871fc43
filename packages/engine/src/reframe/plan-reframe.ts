// From a reframe mode to a render plan: the face path over the clip's kept stretch of the source.
import { centreCrop } from '../render/reframe.ts';
import type { ReframeMode, ReframePlan } from '../render/reframe.ts';
import type { ProbeResult, Span } from '../types.ts';
import { splitPlaces } from './crop-path.rules.ts';
import { trackFacePath } from './face-path.ts';

export type ReframeOutcome = ReframePlan & {
  /** The mode asked for (a split without two lasting faces falls back to follow). */
  asked: ReframeMode;
  /** Samples that had a face, of all samples. */
  facesSeen?: { samples: number; withFace: number };
  elapsedMs?: number;
  /** Frames (or parts of frames) the face detector saw. */
  detections?: number;
};

export async function planReframe(
  inputPath: string,
  probe: ProbeResult,
  options: {
    mode: ReframeMode;
    keep: readonly Span[];
    speech?: readonly Span[] | null;
    width: number;
    height: number;
    signal?: AbortSignal;
  },
): Promise<ReframeOutcome> {
  const { mode, keep } = options;
  if (mode === 'centre' || !keep.length) return { mode: 'centre', asked: mode };
  const crop = centreCrop(probe, options.width, options.height);
  const track = await trackFacePath(inputPath, probe, {
    startS: Math.min(...keep.map((s) => s.start)),
    endS: Math.max(...keep.map((s) => s.end)),
    cropWidth: crop.width / probe.displayWidth,
    speech: options.speech ?? null,
    signal: options.signal,
  });
  const facesSeen = {
    samples: track.samples.length,
    withFace: track.samples.filter((s) => s.faces.length).length,
  };
  const extra = {
    asked: mode,
    facesSeen,
    elapsedMs: Math.round(track.elapsedMs),
    detections: track.detections,
  };
  const round = (v: number) => Math.round(v * 10000) / 10000;
  if (mode === 'split') {
    const places = splitPlaces(track.samples);
    if (places) {
      return {
        mode: 'split',
        places: [
          { cx: round(places[0].cx), cy: round(places[0].cy) },
          { cx: round(places[1].cx), cy: round(places[1].cy) },
        ],
        ...extra,
      };
    }
  }
  const path = track.path.map((p) => ({ t: round(p.t), cx: round(p.cx) }));
  return { mode: 'follow', path, ...extra };
}
