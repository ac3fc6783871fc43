// A short of an off-centre speaker who jumps across the frame, with a cut in the middle: rendered
// with the face-following crop, every sampled output frame shows the face near its middle; the
// centre crop of the same clip loses it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../media/probe.ts';
import { renderShortClip } from '../render/short-clip.ts';
import { makeFaceVideo, oneSpeakerScene } from '../testing/face-media.ts';
import type { ProbeResult } from '../types.ts';
import { createFaceDetector } from './face-detector.ts';
import { planFramings, planReframe } from './plan-reframe.ts';
import { sampleFrames } from './sample-frames.ts';

const SCENE = oneSpeakerScene('int', 6, [
  { t: 0, x: 280 },
  { t: 3.6, x: 280 },
  { t: 3.6, x: 1000 },
  { t: 6, x: 1000 },
]);
const KEEP = [
  { start: 0, end: 2.5 },
  { start: 3.2, end: 6 },
];

let dir = '';
let source = '';
let probe: ProbeResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-reframe-'));
  source = join(dir, 'face.mp4');
  await makeFaceVideo(SCENE, source);
  probe = await probeMedia(source, { keyframes: true });
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Centre x (share of the width) of the face found on the output, one frame a second; null: none. */
async function facesOnOutput(path: string): Promise<(number | null)[]> {
  const out = await probeMedia(path);
  const detector = await createFaceDetector();
  const found: (number | null)[] = [];
  for await (const frame of sampleFrames(path, out, {
    startS: 0.5,
    endS: out.durationS,
    fps: 1,
    width: 270,
  })) {
    const faces = await detector.detect(frame);
    found.push(faces.length ? faces[0]!.cx / frame.width : null);
  }
  return found;
}

describe('face-following reframe', () => {
  it('keeps the jumping face in the middle of the vertical frame across a cut', async () => {
    const plan = await planReframe(source, probe, {
      mode: 'follow',
      keep: KEEP,
      width: 1080,
      height: 1920,
    });
    expect(plan.mode).toBe('follow');
    expect(plan.facesSeen!.withFace).toBe(plan.facesSeen!.samples);
    const outPath = join(dir, 'follow.mp4');
    await renderShortClip(source, { outPath, keep: KEEP, probe, reframe: plan });
    const faces = await facesOnOutput(outPath);
    expect(faces.length).toBeGreaterThanOrEqual(4);
    for (const cx of faces) {
      expect(cx).not.toBeNull();
      expect(Math.abs(cx! - 0.5)).toBeLessThan(1 / 6);
    }
  }, 240_000);

  it('the centre crop of the same clip shows no face', async () => {
    const outPath = join(dir, 'centre.mp4');
    await renderShortClip(source, { outPath, keep: KEEP, probe });
    const faces = await facesOnOutput(outPath);
    expect(faces.every((cx) => cx === null)).toBe(true);
  }, 240_000);

  it('plans follow and split from one track: one lasting face makes the split a follow', async () => {
    const both = await planFramings(source, probe, { keep: KEEP, width: 1080, height: 1920 });
    expect(both.follow.mode).toBe('follow');
    // The face stands left of the centre crop, then right of it.
    expect(both.follow.path[0]!.cx).toBeLessThan(0.35);
    expect(both.follow.path.at(-1)!.cx).toBeGreaterThan(0.65);
    expect(both.split).toEqual(both.follow);
    const split = await planReframe(source, probe, {
      mode: 'split',
      keep: KEEP,
      width: 1080,
      height: 1920,
    });
    expect(split).toMatchObject({ mode: 'follow', asked: 'split', path: both.follow.path });
  }, 240_000);
});
