// Issue 35: which phrases a cut took out with their fillers grows in a straight line with the
// clip, checked without a clock: every read of a kept span or a cut filler is counted, and a
// clip ten times longer may cost about ten times the reads (with room for a sort's log), where a
// scan of every span per filler word costs a hundred times.
import { describe, expect, it } from 'vitest';
import { removedWithFillers } from './filler-words.rules.ts';

const MOST_GROWTH = 25;

type Span = { start: number; end: number };

const counted = (spans: Span[], counter: { reads: number }): Span[] =>
  spans.map(
    (span) =>
      new Proxy(span, {
        get(target, key, receiver) {
          counter.reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
  );

/** `count` phrases, one every 3 s: every third an "Um," alone, cut with its filler gap. */
function listReads(count: number): number {
  const phrases = Array.from({ length: count }, (_, i) => {
    const start = i * 3;
    const text = i % 3 === 0 ? 'Um,' : 'we cut it';
    const words = text.split(' ').map((word, w) => ({
      text: word,
      start: start + w * 0.5,
      end: start + w * 0.5 + 0.4,
    }));
    return { start, end: start + 1.5, phrase: text, words };
  });
  const fillers = phrases
    .filter((_, i) => i % 3 === 0)
    .map((p) => ({ start: p.start, end: p.end }));
  const kept = phrases
    .filter((_, i) => i % 3 !== 0)
    .map((p) => ({ start: p.start - 1.4, end: p.end }));
  const counter = { reads: 0 };
  const removed = removedWithFillers(counted(kept, counter), counted(fillers, counter));
  expect(phrases.filter((p) => removed(p))).toHaveLength(fillers.length);
  return counter.reads;
}

describe('phrases removed with their fillers at scale', () => {
  it('reads the kept spans and fillers a number of times in line with the clip', () => {
    expect(listReads(7200) / listReads(720)).toBeLessThan(MOST_GROWTH);
  });
});
