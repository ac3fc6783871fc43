import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTalkingVideo, makeTextFileNamedMp4 } from '../testing/test-media.ts';
import type { TalkingVideo } from '../testing/test-media.ts';
import { EngineError } from '../types.ts';
import type { Span } from '../types.ts';
import { analyseVideo } from './analyse.ts';
import type { Analysis } from './analyse.ts';

// Bounds measured on this generator with pocketsphinx (max boundary error ~0.11 s, every cut
// inside the true silence), with headroom for other voices and machines.
const MAX_BOUNDARY_ERROR_S = 0.2;
const MAX_MEAN_BOUNDARY_ERROR_S = 0.15;
const GAP_RULE_S = 0.3;

let dir = '';
let video: TalkingVideo;
let analysis: Analysis;
const progress: number[] = [];

const overlap = (a: Span, b: Span) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-analyse-'));
  video = await makeTalkingVideo({
    dir,
    sentences: [
      'Welcome to this short video about editing.',
      'Today I will show you how rough cuts save hours of work.',
      'First we remove the silent gaps.',
      'Thank you for watching.',
    ],
    // The 0.2 s pause is below the gap rule: it must not become a gap.
    silenceS: [0.8, 0.2, 1.6],
  });
  analysis = await analyseVideo(video.path, {
    workDir: join(dir, 'work'),
    language: 'en',
    maxWordsInPhrase: 5,
    steps: { longForm: true, shortForm: true },
    onProgress: (f) => progress.push(f),
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('analyseVideo on generated speech', () => {
  it('finds the true gaps (precision, recall) with small boundary error and no clipped speech', () => {
    const truth = video.gaps.filter((g) => g.end - g.start > GAP_RULE_S);
    const found = analysis.gaps;
    const matched = found.filter((g) => truth.some((t) => overlap(g, t) > 0.5 * (g.end - g.start)));
    const recalled = truth.filter((t) =>
      found.some((g) => overlap(g, t) > 0.5 * (t.end - t.start)),
    );
    expect(matched.length / found.length).toBe(1);
    expect(recalled.length / truth.length).toBe(1);
    const errors = truth.flatMap((t) => {
      const g = found.find((f) => overlap(f, t) > 0)!;
      return [Math.abs(g.start - t.start), Math.abs(g.end - t.end)];
    });
    expect(Math.max(...errors)).toBeLessThanOrEqual(MAX_BOUNDARY_ERROR_S);
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThanOrEqual(
      MAX_MEAN_BOUNDARY_ERROR_S,
    );
    for (const g of found) {
      const t = truth.find((s) => overlap(g, s) > 0)!;
      expect(g.start).toBeGreaterThanOrEqual(t.start - 0.03);
      expect(g.end).toBeLessThanOrEqual(t.end + 0.03);
    }
  });

  it('returns the probe, words, phrases and both kinds of clip', () => {
    expect(analysis.probe.durationS).toBeCloseTo(video.durationS, 1);
    expect(analysis.probe.keyframes?.length).toBeGreaterThan(0);
    expect(analysis.words.length).toBeGreaterThan(15);
    expect(analysis.phrases.every((p) => p.words.length >= 1 && p.words.length <= 5)).toBe(true);
    expect(analysis.clips.filter((c) => c.is_long_form)).toHaveLength(1);
    expect(analysis.clips.filter((c) => !c.is_long_form).length).toBeGreaterThanOrEqual(1);
  });

  it('reports progress from 0 to 1 without going backwards', () => {
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1]!)).toBe(true);
  });

  it('rejects unusable input with the clear probe error', async () => {
    const path = await makeTextFileNamedMp4({ dir });
    const error = await analyseVideo(path, {
      workDir: join(dir, 'bad'),
      language: 'en',
      maxWordsInPhrase: 5,
      steps: { longForm: true, shortForm: false },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('not_a_video');
  });
});
