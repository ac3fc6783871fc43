// How well fillers were removed, against a filler video's truth: fillers found (at least 80% of
// the filler cut), real words the filler cuts took any of (more than 20 ms lost against the
// silences alone), and the kept duration against what removing exactly the found fillers keeps.
import { clipKeptSpans } from '@roughcut/shared';
import type { Span } from '../types.ts';
import { intersectSpans } from '../vad/evidence-spans.ts';
import type { FillerVideo } from './filler-corpus.ts';

export type FillerScore = {
  truth: number;
  found: number;
  words: number;
  /** Real words the fillers' cuts took part of, with the time they lost. */
  wordsCut: { text: string; start: number; lostS: number }[];
  /** Seconds kept with the silences and fillers cut. */
  keptS: number;
  /** Seconds kept with the silences cut and the found fillers' own sound removed, nothing else. */
  expectedKeptS: number;
};

const total = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + (s.end - s.start), 0);
const keptOf = (kept: readonly Span[], span: Span) => total(intersectSpans(kept, [span]));

export const WORD_LOSS_S = 0.02;
const FOUND_SHARE = 0.8;

export function scoreFillers(
  video: FillerVideo,
  silences: readonly Span[],
  fillers: readonly Span[],
): FillerScore {
  const window = { start: 0, end: video.durationS };
  const before = clipKeptSpans(window, silences);
  const after = clipKeptSpans(window, [...silences, ...fillers]);
  const found = video.fillers.filter(
    (f) => keptOf(after, f) <= (1 - FOUND_SHARE) * (f.end - f.start),
  );
  const wordsCut = video.words
    .map((w) => ({ text: w.text, start: w.start, lostS: keptOf(before, w) - keptOf(after, w) }))
    .filter((w) => w.lostS > WORD_LOSS_S);
  const fillerSound = found.reduce((sum, f) => sum + keptOf(before, f), 0);
  return {
    truth: video.fillers.length,
    found: found.length,
    words: video.words.length,
    wordsCut,
    keptS: total(after),
    expectedKeptS: total(before) - fillerSound,
  };
}
