// Samples a clip's stretch of the source, finds the faces and turns them into a crop path (or the
// two places of a split layout). The decoding and detection run here; the path maths is in
// crop-path.rules.ts.
import type { ProbeResult, Span } from '../types.ts';
import { chooseSubject, followPath, patchDifference, PATH_RULES } from './crop-path.rules.ts';
import type { FaceSample, PathPoint } from './crop-path.rules.ts';
import { createFaceDetector } from './face-detector.ts';
import type { Face } from './face-detector.ts';
import { sampleFrames } from './sample-frames.ts';

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
  /** Milliseconds spent decoding and detecting. */
  elapsedMs: number;
};

/** How much each face's mouth moved since the previous sample, beyond its eyes' movement. */
function mouthMoves(faces: readonly Face[], previous: readonly Face[], width: number): number[] {
  return faces.map((face) => {
    const before = previous.find(
      (p) => Math.abs(p.cx - face.cx) / width <= PATH_RULES.sameFaceDistance,
    );
    if (!before) return 0;
    const mouth = patchDifference(face.mouthPatch, before.mouthPatch);
    const eyes = patchDifference(face.eyesPatch, before.eyesPatch);
    return Math.max(0, mouth - eyes);
  });
}

export async function trackFacePath(
  inputPath: string,
  probe: Pick<ProbeResult, 'displayWidth' | 'displayHeight'>,
  options: FacePathOptions,
): Promise<FaceTrack> {
  const started = performance.now();
  const detector = await createFaceDetector();
  const samples: FaceSample[] = [];
  let previous: Face[] = [];
  for await (const frame of sampleFrames(inputPath, probe, {
    startS: options.startS,
    endS: options.endS,
    fps: options.fps,
    signal: options.signal,
  })) {
    const faces = await detector.detect(frame);
    const moves = mouthMoves(faces, previous, frame.width);
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
  }
  const subject = chooseSubject(samples, options.speech ?? null);
  const path = followPath(
    samples.map((s) => s.timeS),
    subject,
    options.cropWidth,
  );
  return { samples, path, elapsedMs: performance.now() - started };
}
