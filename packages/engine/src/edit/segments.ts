// Energy refinement of phrase boundaries. Gaps are derived from phrases by the shared rule, so
// widening each phrase to the real speech (plus a margin) is what keeps every word onset and tail
// out of the cut, while the web app computing gaps from the same phrases still agrees.
import { detectGaps } from '@roughcut/shared';
import type { EnergyTrack, Gap, Phrase } from '../types.ts';

export type RefineOptions = {
  /** Kept around speech on both sides of a cut (seconds). */
  marginS?: number;
  /** How far a boundary may move to follow the energy (seconds). */
  maxShiftS?: number;
};

export const DEFAULT_CUT_MARGIN_S = 0.08;
const DEFAULT_MAX_SHIFT_S = 0.35;

function percentile(values: Float32Array, p: number): number {
  const finite = Array.from(values).filter((v) => Number.isFinite(v));
  if (!finite.length) return -100;
  finite.sort((a, b) => a - b);
  return finite[Math.min(finite.length - 1, Math.floor(p * finite.length))]!;
}

/** The dB level above which a frame counts as sound: between the noise floor and speech level. */
export function speechThreshold(energy: EnergyTrack): number {
  const floor = percentile(energy.db, 0.1);
  const loud = percentile(energy.db, 0.95);
  return Math.max(floor + 6, floor + 0.25 * (loud - floor));
}

/**
 * Moves each phrase start earlier and end later while the audio right outside it is still loud
 * (bounded by maxShift and by the neighbouring phrases), then adds the margin.
 */
export function refinePhrases(
  phrases: readonly Phrase[],
  energy: EnergyTrack | undefined,
  durationS: number,
  options: RefineOptions = {},
): Phrase[] {
  const margin = options.marginS ?? DEFAULT_CUT_MARGIN_S;
  const maxShift = options.maxShiftS ?? DEFAULT_MAX_SHIFT_S;
  const sorted = [...phrases].sort((a, b) => a.start - b.start);
  const threshold = energy ? speechThreshold(energy) : 0;
  const loudFrame = (i: number): boolean => {
    const v = energy?.db[i];
    return v !== undefined && v > threshold;
  };
  const frame = energy?.frameS ?? 0.01;
  // NOTE: walks whole frame indices, not accumulated float seconds, so no boundary drifts a frame.
  return sorted.map((phrase, i) => {
    const lower = i > 0 ? sorted[i - 1]!.end : 0;
    const upper = i < sorted.length - 1 ? sorted[i + 1]!.start : durationS;
    let first = Math.round(phrase.start / frame);
    const firstLimit = Math.ceil(Math.max(lower, phrase.start - maxShift) / frame);
    while (energy && first - 1 >= firstLimit && loudFrame(first - 1)) first--;
    let last = Math.round(phrase.end / frame);
    const lastLimit = Math.floor(Math.min(upper, phrase.end + maxShift) / frame);
    while (energy && last < lastLimit && loudFrame(last)) last++;
    const start = Math.min(phrase.start, first * frame);
    const end = Math.max(phrase.end, last * frame);
    return {
      ...phrase,
      start: Math.max(lower, 0, start - margin),
      end: Math.min(upper, durationS, end + margin),
    };
  });
}

/** SPEC section 5 gaps of phrases already refined. */
export const findGaps = (phrases: readonly Phrase[], durationS: number): Gap[] =>
  detectGaps(phrases, durationS);
