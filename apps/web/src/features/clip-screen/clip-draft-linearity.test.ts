// Issue 35: opening a clip with its draft grows in a straight line with the clip's phrases. The
// matching reads the clip's phrases inside applyDraft (no handle to count them by), so the time
// of a clip ten times longer is compared with the shorter one's, each the best of several runs:
// about ten times (a sort's log on top), where a search of every phrase per phrase is a hundred.
import { describe, expect, it } from 'vitest';
import type { Clip } from '@roughcut/shared';
import { applyDraft, draftOfEdits, loadedEditsState } from './clip-draft.rules.ts';
import { FIXTURE_CLIP } from './clip-screen.fixtures.ts';

/** Ten times the phrases: the quadratic match measured about 500x, this one 9x to 15x. */
const MOST_GROWTH = 40;

/** A long form of `count` phrases of three words, one every 2 s. */
function longClip(count: number): Clip {
  const segments = Array.from({ length: count }, (_, i) => {
    const start = i * 2;
    const words = ['one', 'two', 'three'].map((text, w) => ({
      text,
      start: start + w * 0.5,
      end: start + w * 0.5 + 0.4,
      confidence: 0.9,
    }));
    return { start, end: start + 1.5, phrase: 'one two three', words };
  });
  return { ...FIXTURE_CLIP, start: 0, end: count * 2, segments, gaps: [], detected_gaps: [] };
}

/** The best of a few runs, in ms: a collection or another process may stretch any one of them. */
function openTime(count: number): number {
  const clip = longClip(count);
  const draft = draftOfEdits(loadedEditsState(clip), clip);
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const opened = applyDraft(clip, draft);
    best = Math.min(best, performance.now() - started);
    expect(opened.phrases).toHaveLength(count);
  }
  return best;
}

describe('a draft at scale', () => {
  it('opens a clip ten times longer in about ten times the time', () => {
    const small = openTime(1440);
    const large = openTime(14_400);
    expect(large / small).toBeLessThan(MOST_GROWTH);
  });
});
