// BENCH_SCALE_TILE=1 for the scale bench: a length whose analysis is not cached gets the longest
// shorter cached one repeated to its length (the long form's phrases, gaps and loudness shifted
// by whole copies; the shorts as they were), with the longer video's own probe. The recogniser
// would take hours at 4 hours on a busy machine; everything after the analysis (the render, the
// exports, the confirm, the clip screen) is then measured on a talk of the full length, and the
// analysis itself is reported as not measured.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { probeMedia } from '@roughcut/engine';
import type { AnalysedClip, Analysis } from '../src/engine-adapter/engine.adapter.ts';

const CACHED = /^long-(\d+)m-(\d+x\d+-\d+fps)\.mp4\.analysis\.json$/;

/** The cached analysis file of the longest talk shorter than `videoPath`'s, of the same picture. */
export async function shorterCached(videoPath: string): Promise<string | undefined> {
  const name = /long-(\d+)m-(\d+x\d+-\d+fps)\.mp4$/.exec(videoPath);
  if (!name) return undefined;
  const minutes = Number(name[1]);
  const found = (await readdir(dirname(videoPath)))
    .map((file) => ({ file, match: CACHED.exec(file) }))
    .filter(({ match }) => match && match[2] === name[2] && Number(match[1]) < minutes)
    .sort((a, b) => Number(b.match?.[1]) - Number(a.match?.[1]))[0];
  return found && join(dirname(videoPath), found.file);
}

function tileLongForm(clip: AnalysedClip, baseS: number, durationS: number): AnalysedClip {
  const copies = Array.from({ length: Math.ceil(durationS / baseS) }, (_, k) => k * baseS);
  const by = <T extends { start: number; end: number }>(item: T, shift: number): T => ({
    ...item,
    start: item.start + shift,
    end: item.end + shift,
  });
  return {
    ...clip,
    end: durationS,
    segments: copies
      .flatMap((shift) =>
        clip.segments.map((s) => ({ ...by(s, shift), words: s.words?.map((w) => by(w, shift)) })),
      )
      .filter((s) => s.end <= durationS),
    gaps: copies
      .flatMap((shift) => clip.gaps.map((g) => by(g, shift)))
      .filter((g) => g.end <= durationS)
      .map((g, i) => ({ ...g, id: `gap-${i + 1}` })),
  };
}

export async function tiledAnalysis(base: Analysis, videoPath: string): Promise<Analysis> {
  const probe = await probeMedia(videoPath, { keyframes: true });
  const baseS = base.probe.durationS;
  const frames = Math.ceil(probe.durationS / base.energy.frameS);
  const db = new Float32Array(frames);
  for (let at = 0; at < frames; at += base.energy.db.length) {
    db.set(base.energy.db.subarray(0, Math.min(base.energy.db.length, frames - at)), at);
  }
  return {
    durationS: probe.durationS,
    probe,
    energy: { frameS: base.energy.frameS, db },
    clips: base.clips.map((clip) =>
      clip.isLongForm ? tileLongForm(clip, baseS, probe.durationS) : clip,
    ),
  };
}
