// Stage-weighted progress: each stage reports 0-1 of itself, the caller sees one monotonic 0-1,
// and with it which stage is running and how far that stage is (issue 33: the job page names the
// stage and times it).
import type { ProgressFn } from '../types.ts';

export type StageWeights<S extends string> = Record<S, number>;

/** The stage a report comes from, and its own fraction done (0-1). */
export type StageReport<S extends string> = { stage: S; fraction: number };

/** A progress callback told the stage too; a plain ProgressFn may stand in for it. */
export type StagedProgressFn<S extends string> = (fraction: number, at: StageReport<S>) => void;

export type StagedProgress<S extends string> = {
  /** The progress callback for one stage (reports of earlier stages are closed off first). */
  stage(name: S): ProgressFn;
  done(): void;
};

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

export function createStagedProgress<S extends string>(
  weights: StageWeights<S>,
  onProgress?: StagedProgressFn<S>,
): StagedProgress<S> {
  const names = Object.keys(weights) as S[];
  const total = names.reduce((sum, n) => sum + weights[n], 0) || 1;
  const startOf = new Map<S, number>();
  let acc = 0;
  for (const n of names) {
    startOf.set(n, acc / total);
    acc += weights[n];
  }
  let last = 0;
  let current: S | undefined;
  // NOTE: a new stage is reported even when the overall value does not move (a stage of weight
  // 0, or one that begins where the last one ended), so the caller always learns it began.
  const report = (at: StageReport<S>, value: number, began: boolean) => {
    const clamped = clamp01(value);
    if (clamped > last || began || (clamped === 1 && last < 1)) {
      last = Math.max(last, clamped);
      onProgress?.(last, at);
    }
  };
  return {
    stage(name) {
      const start = startOf.get(name) ?? 0;
      const share = weights[name] / total;
      const began = name !== current;
      current = name;
      report({ stage: name, fraction: 0 }, start, began);
      return (fraction) => {
        // NOTE: a stage already closed off (a late report) says nothing more.
        if (current !== name) return;
        const own = clamp01(fraction);
        report({ stage: name, fraction: own }, start + own * share, false);
      };
    },
    done: () => {
      const stage = current ?? names.at(-1);
      if (stage !== undefined) report({ stage, fraction: 1 }, 1, false);
    },
  };
}
