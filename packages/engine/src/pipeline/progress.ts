// Stage-weighted progress: each stage reports 0-1 of itself, the caller sees one monotonic 0-1.
import type { ProgressFn } from '../types.ts';

export type StageWeights<S extends string> = Record<S, number>;

export type StagedProgress<S extends string> = {
  /** The progress callback for one stage (reports of earlier stages are closed off first). */
  stage(name: S): ProgressFn;
  done(): void;
};

export function createStagedProgress<S extends string>(
  weights: StageWeights<S>,
  onProgress?: ProgressFn,
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
  const report = (value: number) => {
    const clamped = Math.min(1, Math.max(0, value));
    if (clamped > last || (clamped === 1 && last < 1)) {
      last = clamped;
      onProgress?.(clamped);
    }
  };
  return {
    stage(name) {
      const start = startOf.get(name) ?? 0;
      const share = weights[name] / total;
      report(start);
      return (fraction) => report(start + Math.min(1, Math.max(0, fraction)) * share);
    },
    done: () => report(1),
  };
}
