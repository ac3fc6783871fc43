// Reframe bench: ground-truth videos (a real face photo moved by ffmpeg's overlay along a known
// path: still, slow pan, jump; two people taking turns) framed by the face-following crop. Scores
// the crop as rendered (its left edge at every output frame) against where the speaking face truly
// is, and times the reframed short against the centre-cropped one. Videos are cached in
// .tmp/bench/reframe.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { framingCentreAt } from '@roughcut/shared';
import { probeMedia } from '../src/media/probe.ts';
import { createFaceDetector } from '../src/reframe/face-detector.ts';
import { planReframe } from '../src/reframe/plan-reframe.ts';
import { centreCrop, cropLeft } from '../src/frames/crop.ts';
import { renderShortClip, SHORT_HEIGHT, SHORT_WIDTH } from '../src/render/short-clip.ts';
import {
  FACE_VIDEO_FPS,
  faceSceneGraph,
  faceXAt,
  makeFaceVideo,
  TWO_SCENE,
  WALK_SCENE,
} from '../src/testing/face-media.ts';
import type { FaceScene } from '../src/testing/face-media.ts';
import { withPeakRss } from './peak-rss.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const DIR = join(ROOT, '.tmp/bench/reframe');

/** The x of the face that should be framed at t: the one talking (or the only one). */
const truthAt = (scene: FaceScene, t: number): number => {
  const talking = scene.faces.find((f) => f.speaks.some((s) => t >= s.start && t < s.end));
  return faceXAt((talking ?? scene.faces[0]!).path, t);
};

type Figures = {
  inCrop: number;
  middleThird: number;
  jitterMean: number;
  jitterMax: number;
  jitterMaxAtS: number;
  delayMaxS: number;
};

function score(scene: FaceScene, lefts: number[], cropWidth: number): Figures {
  const n = lefts.length;
  const times = lefts.map((_, i) => i / FACE_VIDEO_FPS);
  const truth = times.map((t) => truthAt(scene, t));
  let inside = 0;
  let middle = 0;
  truth.forEach((x, i) => {
    const left = lefts[i]!;
    if (x >= left && x <= left + cropWidth) inside++;
    if (x >= left + cropWidth / 3 && x <= left + (2 * cropWidth) / 3) middle++;
  });
  // Events: the framed face jumps or changes. "Still": the truth has not moved for 1.5 s and will
  // not within a quarter second (a cut placed a frame early is counted by the shares, not here).
  const events = times.filter((_, i) => i > 0 && Math.abs(truth[i]! - truth[i - 1]!) > 20);
  const moves: { at: number; px: number }[] = [];
  let lastChange = -Infinity;
  for (let i = 1; i < n; i++) {
    if (truth[i] !== truth[i - 1]) lastChange = times[i]!;
    else if (
      times[i]! - lastChange >= 1.5 &&
      !events.some((e) => e > times[i]! && e - times[i]! < 0.25)
    ) {
      moves.push({ at: times[i]!, px: Math.abs(lefts[i]! - lefts[i - 1]!) });
    }
  }
  const worst = moves.reduce((a, b) => (b.px > a.px ? b : a), { at: 0, px: 0 });
  const delays = events.map((at) => {
    const start = times.indexOf(at);
    let held = start;
    for (let i = start; i < n && times[i]! - at < 3; i++) {
      const x = truth[i]!;
      if (!(x >= lefts[i]! && x <= lefts[i]! + cropWidth)) held = i + 1;
    }
    return (held - start) / FACE_VIDEO_FPS;
  });
  return {
    inCrop: inside / n,
    middleThird: middle / n,
    jitterMean: moves.reduce((a, b) => a + b.px, 0) / Math.max(1, moves.length),
    jitterMax: worst.px,
    jitterMaxAtS: worst.at,
    delayMaxS: Math.max(0, ...delays),
  };
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** CPU seconds of this process and its waited-for children (ffmpeg), from /proc (Linux). */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime (fields 14-17 of proc(5)), in clock ticks of 10 ms.
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) / 100;
}

type Took = { wallS: number; cpuS: number };

async function timed<T>(work: () => Promise<T>): Promise<[T, Took]> {
  const start = performance.now();
  const cpu = cpuSeconds();
  const result = await work();
  return [result, { wallS: (performance.now() - start) / 1000, cpuS: cpuSeconds() - cpu }];
}

/** The least wall time and the least CPU time of two runs (each taken on its own: the load swings). */
const least = (a: Took, b: Took): Took => ({
  wallS: Math.min(a.wallS, b.wallS),
  cpuS: Math.min(a.cpuS, b.cpuS),
});

export async function run(): Promise<void> {
  await mkdir(DIR, { recursive: true });
  const rows: string[] = [];
  // NOTE: the detector loads once per process (a worker keeps it for every later clip): timed on
  // its own, so each scene's figures are a clip's.
  const [, load] = await timed(() => createFaceDetector());
  for (const scene of [WALK_SCENE, TWO_SCENE]) {
    // NOTE: named after the scene and its filter graph, so a changed scene is made anew.
    const recipe = JSON.stringify(scene) + faceSceneGraph(scene);
    const hash = createHash('sha1').update(recipe).digest('hex').slice(0, 8);
    const source = join(DIR, `${scene.name}-${hash}.mp4`);
    if (!existsSync(source)) await makeFaceVideo(scene, source);
    const probe = await probeMedia(source, { keyframes: true });
    const keep = [{ start: 0, end: scene.durationS }];
    const speech = scene.faces.flatMap((f) => f.speaks);
    // NOTE: timed inside the memory watch: its garbage collection before the work (up to ten
    // passes) is the bench's, not the plan's, and was counted in the plan's time.
    const [[plan, planS], rss] = await withPeakRss(() =>
      timed(() =>
        planReframe(source, probe, {
          mode: 'follow',
          keep,
          speech,
          width: SHORT_WIDTH,
          height: SHORT_HEIGHT,
        }),
      ),
    );
    if (plan.mode !== 'follow') throw new Error(`expected a follow plan, got ${plan.mode}`);
    const crop = centreCrop(probe, SHORT_WIDTH, SHORT_HEIGHT);
    const frames = Math.round(scene.durationS * FACE_VIDEO_FPS);
    const lefts = Array.from({ length: frames }, (_, i) =>
      cropLeft(framingCentreAt(plan.path, i / FACE_VIDEO_FPS), crop, probe.displayWidth),
    );
    const f = score(scene, lefts, crop.width);
    // NOTE: each render twice, alternating, the faster kept: the machine's load swings.
    const render = (reframe?: typeof plan) =>
      timed(() =>
        renderShortClip(source, {
          outPath: join(DIR, `${scene.name}-${reframe ? 'follow' : 'centre'}.mp4`),
          keep,
          probe,
          reframe,
        }),
      ).then(([, took]) => took);
    let centre: Took = { wallS: Infinity, cpuS: Infinity };
    let follow: Took = { wallS: Infinity, cpuS: Infinity };
    for (let run = 0; run < 2; run++) {
      centre = least(centre, await render());
      follow = least(follow, await render(plan));
    }
    const added = (planS.wallS + follow.wallS - centre.wallS) / centre.wallS;
    const addedCpu = (planS.cpuS + follow.cpuS - centre.cpuS) / centre.cpuS;
    rows.push(
      [
        scene.name,
        pct(f.inCrop),
        pct(f.middleThird),
        f.jitterMean.toFixed(2),
        `${f.jitterMax.toFixed(0)} at ${f.jitterMaxAtS.toFixed(2)} s`,
        f.delayMaxS.toFixed(2),
        `${planS.wallS.toFixed(1)} (${planS.cpuS.toFixed(1)})`,
        `${centre.wallS.toFixed(1)} (${centre.cpuS.toFixed(1)})`,
        `${follow.wallS.toFixed(1)} (${follow.cpuS.toFixed(1)})`,
        `${pct(added)} (${pct(addedCpu)})`,
        String(plan.detections ?? ''),
        rss.tree.toFixed(0),
      ].join(' | '),
    );
  }
  process.stdout.write(
    [
      'targets: in crop >= 99%, middle third >= 90%, jitter mean < 0.5 px and max < 3 px,',
      'delay <= 1.0 s, added time <= 15% of the centre-cropped render',
      'times: wall s (CPU s, this process and its ffmpeg children); added: wall (CPU)',
      `detector load, once per process: ${load.wallS.toFixed(1)} s (${load.cpuS.toFixed(1)} s)`,
      'scene | in crop | middle third | jitter mean px | jitter max px | delay max s | detect s | centre render s | follow render s | added | detections | detect peak MB (tree)',
      ...rows,
      '',
    ].join('\n'),
  );
}
