import { describe, expect, it } from 'vitest';
import { bestBeam, logSoftmax, loopCut, stepBeams, topK } from './beam-search.ts';
import type { Beam } from './beam-search.ts';

const END = 0;
const row = (...probs: number[]) => Float32Array.from(probs, Math.log);
const beam = (ids: number[], logProb: number): Beam => ({
  tokens: ids.map((id) => ({ id, logProb: logProb / ids.length, p: 1 })),
  logProb,
});

describe('beam search steps', () => {
  it('log-softmax sums to one and topK orders the best', () => {
    const out = logSoftmax(Float32Array.from([1, 2, 3]));
    expect(out.reduce((s, v) => s + Math.exp(v), 0)).toBeCloseTo(1, 6);
    expect(topK([0.1, 0.5, 0.3, 0.9], 2).map((t) => t.id)).toEqual([3, 1]);
  });

  it('log-softmax over a wide vocabulary matches the full sum though far logits are skipped', () => {
    const logits = Float32Array.from(
      { length: 32_000 },
      (_, i) => (i % 7 === 0 ? -40 : -25) + i / 4000,
    );
    logits[123] = 3;
    let sum = 0;
    for (const v of logits) sum += Math.exp(v - 3);
    const exact = Float32Array.from(logits, (v) => v - 3 - Math.log(sum));
    const fast = logSoftmax(Float32Array.from(logits));
    fast.forEach((v, i) => expect(Math.abs(v - exact[i]!)).toBeLessThan(1e-6));
  });

  it('keeps a second-best path that a greedy decoder would drop', () => {
    // Greedy takes token 1 (0.6), whose continuations are all weak; token 2 (0.4) leads to a sure one.
    const start = stepBeams([beam([], 0)], [row(0, 0.6, 0.4, 0)], END, { width: 2, alpha: 1 });
    expect(start.live.map((l) => l.beam.tokens[0]!.id)).toEqual([1, 2]);
    const next = stepBeams(
      start.live.map((l) => l.beam),
      [row(0.3, 0.3, 0.2, 0.2), row(0.02, 0.02, 0.01, 0.95)],
      END,
      { width: 2, alpha: 1 },
    );
    expect(next.live[0]!.beam.tokens.map((t) => t.id)).toEqual([2, 3]);
  });

  it('drops live hypotheses further behind the best than the prune margin', () => {
    // 0.9 against 0.05 is 2.9 nats apart: kept at a margin of 3, dropped at 2.
    const probs = [row(0, 0.9, 0.05, 0.05)];
    const wide = stepBeams([beam([], 0)], probs, END, { width: 3, alpha: 1, prune: 3 });
    expect(wide.live.map((l) => l.beam.tokens[0]!.id)).toEqual([1, 2, 3]);
    const narrow = stepBeams([beam([], 0)], probs, END, { width: 3, alpha: 1, prune: 2 });
    expect(narrow.live.map((l) => l.beam.tokens[0]!.id)).toEqual([1]);
  });

  it('does not let a likely end token prune the continuations', () => {
    const step = stepBeams([beam([5], -0.1)], [row(0.97, 0.02, 0.01)], END, {
      width: 3,
      alpha: 1,
      prune: 2,
    });
    expect(step.finished).toHaveLength(1);
    expect(step.live.map((l) => l.beam.tokens.at(-1)!.id)).toEqual([1, 2]);
  });

  it('does not finish an end token further behind the best continuation than the margin', () => {
    // The end token (0.01) is 4.5 nats behind token 1 (0.9): pruned at 2, it must not count as a
    // finished hypothesis, or a few unlikely ends stop the search before the real end.
    const probs = [row(0.01, 0.9, 0.05, 0.04)];
    const pruned = stepBeams([beam([5], -0.1)], probs, END, { width: 3, alpha: 1, prune: 2 });
    expect(pruned.finished).toHaveLength(0);
    expect(pruned.live.map((l) => l.beam.tokens.at(-1)!.id)).toEqual([1]);
    const full = stepBeams([beam([5], -0.1)], probs, END, { width: 4, alpha: 1 });
    expect(full.finished).toHaveLength(1);
  });

  it('finishes a hypothesis on the end token without adding it', () => {
    const step = stepBeams([beam([5], -0.1)], [row(0.9, 0.05, 0.05)], END, { width: 2, alpha: 1 });
    expect(step.finished).toHaveLength(1);
    expect(step.finished[0]!.tokens.map((t) => t.id)).toEqual([5]);
    expect(step.live.every((l) => l.beam.tokens.length === 2)).toBe(true);
  });

  it('records each token probability, folded when asked', () => {
    const step = stepBeams([beam([], 0)], [row(0.1, 0.5, 0.4)], END, {
      width: 1,
      alpha: 1,
      fold: () => 0.9,
    });
    expect(step.live[0]!.beam.tokens[0]).toMatchObject({ id: 1, p: 0.9 });
  });

  it('picks the finished hypothesis with the best length-normalised score', () => {
    const short = beam([7], -1.2);
    const long = beam([7, 8, 9, 10], -2);
    expect(bestBeam([short, long], [], 1)).toBe(long);
    expect(bestBeam([short, long], [], 0)).toBe(short);
  });

  it("takes a prior's nats from a hypothesis before normalising its length", () => {
    // -1.0 / 3 against -1.2 / 3: the first wins alone; 1 nat of prior against it turns the choice.
    const a = beam([7, 8], -1);
    const b = beam([7, 9], -1.2);
    expect(bestBeam([a, b], [], 1)).toBe(a);
    const prior = (tokens: readonly { id: number }[]) => (tokens[1]!.id === 8 ? 1 : 0);
    expect(bestBeam([a, b], [], 1, prior)).toBe(b);
    expect(bestBeam([], [a, b], 1, prior)).toBe(b);
  });
});

describe('loopCut', () => {
  it('cuts a repeated phrase back to its first copy', () => {
    const ids = [1, 2, 3, 4, 5, 4, 5, 4, 5, 4, 5];
    expect(loopCut(ids)).toBe(5);
    expect(loopCut([9, 9, 9, 9, 9, 9, 9])).toBe(1);
  });

  it('leaves ordinary repetition alone', () => {
    expect(loopCut([1, 2, 3, 2, 3, 4])).toBeUndefined();
    expect(loopCut([6, 6, 7])).toBeUndefined();
  });
});
