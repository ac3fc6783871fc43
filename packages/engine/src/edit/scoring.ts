// Transparent engagement features, each 0-1, and their weighted sum as a 0-10 score. The features
// travel with the clip so the UI can say why a clip scored as it did.
import { MAX_ENGAGEMENT_SCORE } from '@roughcut/shared';
import type { EnergyTrack, Word } from '../types.ts';
import { isContentWord, normaliseToken } from './keywords.ts';

export type ClipFeatures = {
  /** Speech starts at once and the opening has a question, "you", a number or a strong word. */
  hook: number;
  /** Words per second near a lively 2.5-3.5. */
  speechRate: number;
  /** Little dead air inside the window. */
  pauseDensity: number;
  /** Loudness varies (emphasis) rather than a monotone. */
  energyVariation: number;
  /** The window holds the transcript's key terms. */
  keywordSalience: number;
  /** Starts and ends at sentence boundaries and doesn't lean on what came before. */
  selfContained: number;
};

export const FEATURE_WEIGHTS: Record<keyof ClipFeatures, number> = {
  hook: 0.22,
  speechRate: 0.16,
  pauseDensity: 0.14,
  energyVariation: 0.12,
  keywordSalience: 0.2,
  selfContained: 0.16,
};

export type ScoreWindow = {
  start: number;
  end: number;
  words: readonly Word[];
  /** Silence before the window's first word and after its last (seconds). */
  pauseBefore: number;
  pauseAfter: number;
};

const HOOK_WINDOW_S = 3;
const HOOK_WORDS = new Set(
  `why how what who when where you your imagine secret mistake never always stop best worst
  biggest truth problem surprising actually wrong free first last`.split(/\s+/),
);
const DANGLING_STARTS = new Set(
  'and but so because which that then also or nor this it they he she those these'.split(' '),
);

const clamp01 = (v: number): number => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));
const round2 = (v: number): number => Math.round(v * 100) / 100;

function hookScore(w: ScoreWindow): number {
  const first = w.words[0];
  if (!first) return 0;
  const delay = first.start - w.start;
  const opening = w.words
    .filter((x) => x.start < w.start + HOOK_WINDOW_S)
    .map((x) => normaliseToken(x.text));
  const promptness = clamp01(1 - delay / 1.5);
  const hooky = opening.some((t) => HOOK_WORDS.has(t) || /^\d+$/.test(t)) ? 1 : 0;
  const density = clamp01(opening.length / (HOOK_WINDOW_S * 2.5));
  return clamp01(0.4 * promptness + 0.35 * hooky + 0.25 * density);
}

function speechRateScore(w: ScoreWindow): number {
  const duration = w.end - w.start;
  if (duration <= 0) return 0;
  const wps = w.words.length / duration;
  if (wps >= 2.5 && wps <= 3.5) return 1;
  return wps < 2.5 ? clamp01(wps / 2.5) : clamp01(1 - (wps - 3.5) / 2);
}

function pauseDensityScore(w: ScoreWindow): number {
  const duration = w.end - w.start;
  if (duration <= 0) return 0;
  let silence = 0;
  for (let i = 1; i < w.words.length; i++) {
    const pause = w.words[i]!.start - w.words[i - 1]!.end;
    if (pause > 0.3) silence += pause;
  }
  return clamp01(1 - (silence / duration) * 2.5);
}

function energyVariationScore(w: ScoreWindow, energy: EnergyTrack | undefined): number {
  if (!energy) return 0.5;
  const from = Math.floor(w.start / energy.frameS);
  const to = Math.min(energy.db.length, Math.ceil(w.end / energy.frameS));
  const voiced: number[] = [];
  for (let i = from; i < to; i++) {
    const v = energy.db[i]!;
    if (Number.isFinite(v) && v > -50) voiced.push(v);
  }
  if (voiced.length < 10) return 0;
  const mean = voiced.reduce((s, v) => s + v, 0) / voiced.length;
  const sd = Math.sqrt(voiced.reduce((s, v) => s + (v - mean) ** 2, 0) / voiced.length);
  return clamp01(sd / 8);
}

function keywordScore(w: ScoreWindow, documentKeywords: readonly string[]): number {
  if (!documentKeywords.length) return 0;
  const tokens = new Set(w.words.map((x) => normaliseToken(x.text)).filter(isContentWord));
  const hits = documentKeywords.filter((k) => tokens.has(k)).length;
  const coverage = hits / Math.min(documentKeywords.length, 5);
  const content = w.words.filter((x) => isContentWord(normaliseToken(x.text))).length;
  const share = w.words.length ? content / w.words.length : 0;
  return clamp01(0.7 * clamp01(coverage) + 0.3 * clamp01(share / 0.5));
}

function selfContainedScore(w: ScoreWindow): number {
  const first = w.words[0];
  if (!first) return 0;
  const dangling = DANGLING_STARTS.has(normaliseToken(first.text)) ? 0 : 1;
  return clamp01(
    0.4 * dangling + 0.3 * clamp01(w.pauseBefore / 0.7) + 0.3 * clamp01(w.pauseAfter / 0.7),
  );
}

export function scoreFeatures(
  w: ScoreWindow,
  context: { energy?: EnergyTrack; keywords: readonly string[] },
): ClipFeatures {
  return {
    hook: round2(hookScore(w)),
    speechRate: round2(speechRateScore(w)),
    pauseDensity: round2(pauseDensityScore(w)),
    energyVariation: round2(energyVariationScore(w, context.energy)),
    keywordSalience: round2(keywordScore(w, context.keywords)),
    selfContained: round2(selfContainedScore(w)),
  };
}

/** 0-10 with one decimal. */
export function engagementScore(features: ClipFeatures): number {
  let total = 0;
  for (const key of Object.keys(FEATURE_WEIGHTS) as (keyof ClipFeatures)[]) {
    total += FEATURE_WEIGHTS[key] * features[key];
  }
  return Math.round(clamp01(total) * MAX_ENGAGEMENT_SCORE * 10) / 10;
}
