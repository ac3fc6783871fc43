// Issue 33: one stage run's plan of work (the analysis' stages, each clip's framing and render),
// which piece is running and since when, its time left from the server's measured speeds, and the
// speeds this run measured once it is done.
import { WORK_STAGE, estimateSecondsLeft, workSample } from '@roughcut/shared';
import type { WorkItem, WorkKind, WorkSpeeds } from '@roughcut/shared';
import type { AnalysisStage } from '../../engine-adapter/engine.adapter.ts';
import type { ClipPlan, RunProgressDetail, RunRow } from '../edit/index.ts';
import type { WorkSample } from './work-speeds.repository.ts';

/** Which piece of the plan a report is from, and its own fraction done. */
export type WorkAt = { item: number; fraction: number };

export type RunProgressTracker = {
  /** The pieces this stage will work through, in order (replaces an earlier plan). */
  plan(items: readonly WorkItem[]): void;
  report(at: WorkAt, nowMs: number): void;
  /** The stage and time left to store, or null before any piece began. */
  detail(nowMs: number): RunProgressDetail | null;
  /** Every piece that ran to its end: its kind, length and the seconds it took. */
  samples(nowMs: number): WorkSample[];
};

export function createRunProgressTracker(speeds: WorkSpeeds): RunProgressTracker {
  let items: readonly WorkItem[] = [];
  let current: { index: number; startedAt: number; fraction: number } | null = null;
  const finished: WorkSample[] = [];
  const close = (nowMs: number) => {
    const item = current && items[current.index];
    if (!current || !item) return;
    const sample = workSample(item, (nowMs - current.startedAt) / 1000);
    if (sample) finished.push(sample);
  };
  return {
    plan(next) {
      items = next;
      current = null;
    },
    report({ item, fraction }, nowMs) {
      if (!items[item]) return;
      if (current?.index === item) {
        current.fraction = Math.max(current.fraction, fraction);
        return;
      }
      // NOTE: pieces run in order; a report of a later piece ends the one before it.
      if (current && item < current.index) return;
      close(nowMs);
      current = { index: item, startedAt: nowMs, fraction };
    },
    detail(nowMs) {
      const item = current && items[current.index];
      if (!current || !item) return null;
      const secondsLeft = estimateSecondsLeft({
        items,
        current: current.index,
        fraction: current.fraction,
        elapsedS: (nowMs - current.startedAt) / 1000,
        speeds,
      });
      return {
        stage: WORK_STAGE[item.kind],
        clip: item.clip ?? null,
        secondsLeft: Math.round(secondsLeft * 10) / 10,
        at: new Date(nowMs),
      };
    },
    samples(nowMs) {
      close(nowMs);
      current = null;
      return [...finished];
    },
  };
}

/** The engine's analysis stages, in order, as measured pieces of the run's work. */
const ANALYSIS_WORK: Record<AnalysisStage, WorkKind> = {
  probe: 'probe',
  audio: 'audio',
  energy: 'energy',
  transcribe: 'transcribe',
  phrases: 'phrases',
  clips: 'clips',
};
const ANALYSIS_ORDER = Object.keys(ANALYSIS_WORK) as AnalysisStage[];

/** The analysis' plan: every stage works through the whole video (the probe pinned at Start). */
export const analysisPlan = (instance: Pick<RunRow, 'videoProbe'>): WorkItem[] =>
  ANALYSIS_ORDER.map((stage) => ({
    kind: ANALYSIS_WORK[stage],
    videoS: instance.videoProbe?.durationS ?? 0,
  }));

/** The piece of `analysisPlan` an engine report comes from. */
export const analysisAt = (at: { stage: AnalysisStage; fraction: number }): WorkAt => ({
  item: ANALYSIS_ORDER.indexOf(at.stage),
  fraction: at.fraction,
});

/** Where one clip's pieces sit in `renderPlan`'s items: its framing (when found now) and render. */
export type ClipPieces = { framing: number | null; render: number };

/**
 * The render's plan: per clip still to make, the search for its framing when no stored plan
 * stands (the engine finds it first, reporting nothing meanwhile) and its render, each over the
 * seconds the clip keeps. Clips not to make (failed, made by an earlier try) have no pieces.
 */
export function renderPlan(clips: readonly { plan: ClipPlan; keptS: number; make: boolean }[]): {
  items: WorkItem[];
  pieces: (ClipPieces | null)[];
} {
  const items: WorkItem[] = [];
  const pieces = clips.map(({ plan, keptS, make }, i): ClipPieces | null => {
    if (!make) return null;
    const clip = { number: i + 1, count: clips.length };
    const searches = !plan.isLongForm && plan.reframe !== 'centre' && plan.framing === null;
    const framing = searches ? items.push({ kind: 'framing', videoS: keptS, clip }) - 1 : null;
    const kind = plan.isLongForm ? 'render-long' : 'render-short';
    return { framing, render: items.push({ kind, videoS: keptS, clip }) - 1 };
  });
  return { items, pieces };
}
