// Issue 22's proof for fillers: generated speech with fillers at known times (flite, two voices)
// goes through the real analysis (Moonshine, the default English engine) and the real long-form
// render with the fillers cut: at least 90% of the fillers found, no real word loses any sound,
// and the render lasts what the kept spans say. The bench (`./roughcut bench fillers`) adds a
// third voice whose fillers Moonshine writes as words ("dumb", "the") and so misses.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipKeptSpans } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../pipeline/analyse.ts';
import { renderEngineClip } from '../render/engine-clip.ts';
import { renderedSpans } from '../frames/spans.ts';
import { analyseFillerCase } from '../testing/filler-analysis.ts';
import { FILLER_CORPUS } from '../testing/filler-corpus.ts';
import type { FillerVideo } from '../testing/filler-corpus.ts';
import { WORD_LOSS_S, scoreFillers } from '../testing/filler-metrics.ts';
import type { Span } from '../types.ts';
import { intersectSpans } from '../vad/evidence-spans.ts';

const CASES = ['slt-fillers', 'kal-fillers'];

let dir = '';
const runs: { name: string; video: FillerVideo; analysis: Analysis }[] = [];

const total = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + (s.end - s.start), 0);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-fillers-'));
  for (const c of FILLER_CORPUS.filter((f) => CASES.includes(f.name))) {
    runs.push({ name: c.name, ...(await analyseFillerCase(c, dir)) });
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fillers on generated speech', () => {
  it('finds at least 90% of the fillers and cuts no sound of a real word', () => {
    let found = 0;
    let truth = 0;
    for (const { name, video, analysis } of runs) {
      expect(analysis.fillers.every((f) => f.kind === 'filler')).toBe(true);
      const score = scoreFillers(video, analysis.gaps, analysis.fillers);
      expect(score.words, name).toBeGreaterThan(50);
      expect(score.wordsCut, name).toEqual([]);
      found += score.found;
      truth += score.truth;
    }
    expect(truth).toBe(16);
    expect(found / truth).toBeGreaterThanOrEqual(0.9);
  });

  it('removes about the fillers and their pauses: no more than 0.2 s a filler besides', () => {
    for (const { name, video, analysis } of runs) {
      const score = scoreFillers(video, analysis.gaps, analysis.fillers);
      const extra = score.expectedKeptS - score.keptS;
      expect(extra, name).toBeGreaterThanOrEqual(-0.01 * score.found);
      expect(extra / Math.max(1, score.found), name).toBeLessThanOrEqual(0.2);
    }
  });

  it('renders the long form with the fillers cut at the kept duration, every word whole', async () => {
    const { video, analysis } = runs[0]!;
    const clip = analysis.clips.find((c) => c.is_long_form)!;
    const cut = [...analysis.gaps, ...analysis.fillers];
    const render = await renderEngineClip(video.path, {
      clip,
      probe: analysis.probe,
      outPath: join(dir, 'fillers-cut.mp4'),
      removeGaps: cut,
      subtitles: null,
    });
    const planned = total(clipKeptSpans({ start: clip.start, end: clip.end }, cut));
    const frame = 1 / analysis.probe.fps;
    expect(Math.abs(render.durationS - planned)).toBeLessThanOrEqual(2 * frame);
    expect(render.durationS).toBeLessThan(
      total(clipKeptSpans({ start: clip.start, end: clip.end }, analysis.gaps)) - 1,
    );
    // NOTE: on the frames the render really holds, against a render of the silences alone.
    const withFillers = renderedSpans(render.keep, analysis.probe);
    const silencesOnly = renderedSpans(
      clipKeptSpans({ start: clip.start, end: clip.end }, analysis.gaps),
      analysis.probe,
    );
    const lost = video.words.filter(
      (w) =>
        total(intersectSpans(silencesOnly, [w])) - total(intersectSpans(withFillers, [w])) >
        WORD_LOSS_S,
    );
    expect(lost).toEqual([]);
  });
});
