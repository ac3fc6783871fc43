// Issue 35: the analysis after the recogniser (speech evidence, segments, fillers, clip finding)
// grows in a straight line with the talk, checked without a clock: every read of a word, a phrase,
// a gap or a voice span handed to a stage is counted, and a talk ten times longer may cost about
// ten times the reads (with room for a sort's log), where a scan of them all per item costs a
// hundred times.
import { describe, expect, it } from 'vitest';
import { gatherSpeechEvidence } from '../vad/speech-evidence.ts';
import { DEFAULT_SHORT_CLIP, scoreShortWindows, selectNonOverlapping } from './clips.ts';
import { findFillers } from './fillers.ts';
import { longTalkInput } from './long-talk.fixtures.ts';
import { groupPhrases } from './phrases.ts';
import { buildSegments, findGaps } from './segments.ts';

type Reads = Record<'evidence' | 'segments' | 'fillers' | 'clips', number>;

const counted = <T extends object>(items: readonly T[], reads: Reads, stage: keyof Reads): T[] =>
  items.map(
    (item) =>
      new Proxy(item, {
        get(target, key, receiver) {
          reads[stage]++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
  );

const SMALL_S = 120;
const LARGE_S = 1200;
/** 10x the talk: 10x the reads, plus a sort's log, stays well under this. */
const MOST_GROWTH = 25;

function stageReads(durationS: number): Reads {
  const reads: Reads = { evidence: 0, segments: 0, fillers: 0, clips: 0 };
  const talk = longTalkInput(durationS);
  const evidence = gatherSpeechEvidence({
    voice: talk.voice,
    energy: talk.energy,
    words: counted(talk.words, reads, 'evidence'),
    durationS,
  });
  expect(evidence.words.length).toBe(talk.words.length);
  const grouped = groupPhrases(talk.words, { maxWords: 5 });
  const phrases = buildSegments(counted(grouped, reads, 'segments'), {
    regions: evidence.regions,
    voice: counted(evidence.voice, reads, 'segments'),
  });
  const gaps = findGaps(evidence.regions, durationS);
  expect(gaps.length).toBeGreaterThan(durationS / 30);
  findFillers({
    words: counted(talk.words, reads, 'fillers'),
    voice: counted(evidence.voice, reads, 'fillers'),
    energy: talk.energy,
    gaps: counted(gaps, reads, 'fillers'),
    durationS,
  });
  const { windows, finish } = scoreShortWindows(
    counted(phrases, reads, 'clips'),
    durationS,
    talk.energy,
    DEFAULT_SHORT_CLIP,
  );
  expect(selectNonOverlapping(windows, 5).map(finish).length).toBeGreaterThan(0);
  return reads;
}

describe('the analysis stages at scale', () => {
  it('read their inputs a number of times in line with the talk', () => {
    const small = stageReads(SMALL_S);
    const large = stageReads(LARGE_S);
    for (const stage of Object.keys(small) as (keyof Reads)[]) {
      expect(large[stage] / small[stage], stage).toBeLessThan(MOST_GROWTH);
    }
    // NOTE: a 20-minute talk through every stage, counted by proxies: seconds on a busy machine.
  }, 60_000);
});
