// Issue 12's example, kept as a regression test: three sentences (flite voice slt) with 1.2 s of
// silence before, 1.5 s and 2.0 s between and 1 s after. pocketsphinx once heard the first sentence
// as nothing, and the long form lost it. Now the long form keeps every word and drops only the
// silences, rendered by the engine and checked by an independent recogniser run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipKeptSpans } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEngineClip } from '../render/engine-clip.ts';
import { renderedSpans } from '../frames/spans.ts';
import { expectedGaps, speechKept } from '../testing/quality-metrics.ts';
import { makeTalkingVideo } from '../testing/test-media.ts';
import type { TalkingVideo } from '../testing/test-media.ts';
import { measureWordRetention } from '../testing/word-retention.ts';
import type { RecogniserRetention } from '../testing/word-retention.ts';
import type { Gap, Span } from '../types.ts';
import { analyseVideo } from './analyse.ts';
import type { Analysis } from './analyse.ts';

const SENTENCES = [
  'Welcome back to the channel, today we talk about editing.',
  'Cutting silence by hand takes hours every single week.',
  'This tool does the boring part so you can create.',
];

let dir = '';
let video: TalkingVideo;
let analysis: Analysis;

const total = (spans: readonly Span[]) => spans.reduce((s, k) => s + k.end - k.start, 0);

/** The long form rendered without `gaps`, and a way to hear its words against the source's. */
async function renderWithout(name: string, gaps: Gap[]) {
  const clip = analysis.clips.find((c) => c.is_long_form)!;
  const outputPath = join(dir, `${name}.mp4`);
  const render = await renderEngineClip(video.path, {
    clip,
    probe: analysis.probe,
    outPath: outputPath,
    removeGaps: gaps,
    subtitles: null,
  });
  const hearAgain = () =>
    measureWordRetention({
      video,
      clip,
      probe: analysis.probe,
      outputPath,
      keep: render.keep,
      workDir: dir,
    });
  return { render, hearAgain };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-never-cut-'));
  video = await makeTalkingVideo({
    dir,
    sentences: SENTENCES,
    voice: 'slt',
    leadInS: 1.2,
    silenceS: [1.5, 2.0],
    tailS: 1,
    width: 320,
    height: 240,
  });
  analysis = await analyseVideo(video.path, {
    workDir: join(dir, 'work'),
    language: 'en',
    maxWordsInPhrase: 5,
    steps: { longForm: true, shortForm: false },
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("issue 12's example", () => {
  it('cuts exactly the four silences and never a moment of speech', () => {
    expect(analysis.speech).toBe(true);
    expect(analysis.gaps).toHaveLength(4);
    const kept = clipKeptSpans({ start: 0, end: video.durationS }, analysis.gaps);
    expect(speechKept(video.speechSpans, kept)).toBe(1);
    for (const gap of analysis.gaps) {
      expect(video.gaps.some((g) => gap.start >= g.start && gap.end <= g.end)).toBe(true);
    }
  });

  it('renders a long form of the speech plus its padding, with every word heard again', async () => {
    // NOTE: the issue's own file was 15.6 s with 9.9 s of speech (flite's untrimmed edges); this
    // generator trims flite's silence, so the same rule reads: the video minus the true silences,
    // plus the padding kept around the cuts, within 0.2 s.
    const expected = total(
      clipKeptSpans(
        { start: 0, end: video.durationS },
        expectedGaps(video.speechSpans, video.durationS, true),
      ),
    );
    const { render, hearAgain } = await renderWithout('long-form', analysis.gaps);
    expect(Math.abs(render.durationS - expected)).toBeLessThanOrEqual(0.2);
    expect(render.durationS).toBeGreaterThanOrEqual(total(video.speechSpans));
    // NOTE: the render cuts on frame boundaries; snapping an edge must not reach into a word.
    expect(speechKept(video.speechSpans, renderedSpans(render.keep, analysis.probe))).toBe(1);
    const words = await hearAgain();
    // NOTE: counted are the words heard right in the source. Moonshine, independent of the
    // analysis, hears again every word it hears steadily in the source. pocketsphinx still
    // varies by a word or two on identical speech ("editing" once came back "anything"), while a
    // lost sentence would cost a third of them. Clipping itself is checked on the ground truth.
    const { moonshine, pocketsphinx } = words;
    const heard = (w: RecogniserRetention) =>
      `source: ${w.source.join(' ')}\noutput: ${w.output.join(' ')}`;
    expect(moonshine.heard).toBeGreaterThanOrEqual(27);
    expect(moonshine.retained, heard(moonshine)).toBe(moonshine.heard);
    expect(pocketsphinx.heard).toBeGreaterThanOrEqual(20);
    expect(pocketsphinx.retained / pocketsphinx.heard, heard(pocketsphinx)).toBeGreaterThanOrEqual(
      0.9,
    );
  });

  it('counts words as lost when a cut clips a sentence (the measure sees a loss)', async () => {
    const second = video.sentences[1]!;
    // NOTE: the gaps the analysis found, and one more over "Cutting silence", to show that the
    // retention measure is not blind: the words it removes are heard in the source, not the output.
    const gaps = [...analysis.gaps, { id: 'gap-99', start: second.start, end: second.start + 0.7 }];
    const { moonshine } = await (await renderWithout('clipped', gaps)).hearAgain();
    const lost = moonshine.heard - moonshine.retained;
    expect(lost, `output: ${moonshine.output.join(' ')}`).toBeGreaterThanOrEqual(2);
    expect(lost).toBeLessThanOrEqual(4);
  });

  it('shows every sentence as a segment, with text or, if the recogniser missed it, without', () => {
    const clip = analysis.clips.find((c) => c.is_long_form)!;
    for (const sentence of video.sentences) {
      const inside = clip.segments.filter((s) => s.start < sentence.end && s.end > sentence.start);
      expect(inside.length).toBeGreaterThan(0);
      expect(Math.min(...inside.map((s) => s.start))).toBeLessThanOrEqual(sentence.start);
      expect(Math.max(...inside.map((s) => s.end))).toBeGreaterThanOrEqual(sentence.end);
    }
  });
});
