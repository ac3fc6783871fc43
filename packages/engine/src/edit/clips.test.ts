import { describe, expect, it } from 'vitest';
import type { Phrase, Word } from '../types.ts';
import {
  makeLongFormClip,
  makeShortClips,
  scoreShortWindows,
  selectNonOverlapping,
  shortClipCandidates,
} from './clips.ts';
import type { Candidate } from './clips.ts';
import { engagementScore, scoreFeatures } from './scoring.ts';
import { groupPhrases } from './phrases.ts';

/** Sentences of words spoken at 3 words/s, 1 s of silence between sentences. */
function talk(sentences: string[]): { phrases: Phrase[]; duration: number } {
  const words: Word[] = [];
  let t = 0.5;
  for (const s of sentences) {
    for (const w of s.split(' ')) {
      words.push({ text: w, start: t, end: t + 0.3, confidence: 0.9 });
      t += 0.333;
    }
    t += 1;
  }
  return { phrases: groupPhrases(words), duration: t + 0.5 };
}

const SENTENCES = Array.from({ length: 24 }, (_, i) =>
  i % 3 === 0
    ? 'why do rockets need so much fuel to reach orbit today'
    : i % 3 === 1
      ? 'and then the engines burn liquid oxygen with kerosene fuel'
      : 'the rocket equation explains the mass of fuel in every stage',
);

describe('makeLongFormClip', () => {
  it('covers the whole video with every phrase, a title and a description', () => {
    const { phrases, duration } = talk(SENTENCES.slice(0, 3));
    const clip = makeLongFormClip(phrases, duration);
    expect(clip).toMatchObject({ is_long_form: true, start: 0, end: duration });
    expect(clip.segments).toHaveLength(phrases.length);
    expect(clip.segments[0]).toHaveProperty('words');
    expect(clip.title.length).toBeGreaterThan(0);
    expect(clip.title.toLowerCase()).toMatch(/fuel|rocket/);
    expect(clip.description.length).toBeGreaterThan(10);
  });

  it('still has a title without speech', () => {
    expect(makeLongFormClip([], 10)).toMatchObject({ title: 'Full video', segments: [] });
  });
});

describe('short clips', () => {
  const { phrases, duration } = talk(SENTENCES);

  it('makes candidates of 15-60 s that start and end on sentence boundaries', () => {
    const candidates = shortClipCandidates(phrases, duration, undefined);
    expect(candidates.length).toBeGreaterThan(5);
    const starts = new Set(phrases.map((p) => p.start));
    for (const c of candidates) {
      expect(c.end - c.start).toBeGreaterThanOrEqual(15);
      expect(c.end - c.start).toBeLessThanOrEqual(60);
      expect(starts.has(c.start)).toBe(true);
      expect(c.engagement_score).toBeGreaterThanOrEqual(0);
      expect(c.engagement_score).toBeLessThanOrEqual(10);
    }
  });

  it('keeps the best non-overlapping ones with their features, titles and descriptions', () => {
    const clips = makeShortClips(phrases, duration, undefined, { maxClips: 3, minS: 15, maxS: 25 });
    expect(clips.length).toBeGreaterThan(0);
    expect(clips.length).toBeLessThanOrEqual(3);
    for (const [i, a] of clips.entries()) {
      expect(a.features).toHaveProperty('hook');
      expect(a.title).toBeTruthy();
      expect(a.description).toBeTruthy();
      for (const b of clips.slice(i + 1)) expect(a.end <= b.start || a.start >= b.end).toBe(true);
    }
    const scores = clips.map((c) => c.engagement_score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });

  it('finishes only the kept windows, with the same result as finishing them all first', () => {
    const options = { maxClips: 3, minS: 15, maxS: 25 };
    // NOTE: titles are given in the order clips are finished, each different from those before,
    // so only they may differ when every window is finished first.
    const untitled = (clips: Candidate[]) => clips.map((c) => ({ ...c, title: '' }));
    const kept = makeShortClips(phrases, duration, undefined, options);
    expect(untitled(kept)).toEqual(
      untitled(selectNonOverlapping(shortClipCandidates(phrases, duration, undefined, options), 3)),
    );
    expect(new Set(kept.map((c) => c.title)).size).toBe(kept.length);
    const { windows } = scoreShortWindows(phrases, duration, undefined, options);
    expect(windows.length).toBeGreaterThan(3);
    for (const w of windows)
      expect(Object.keys(w).sort()).toEqual([
        'end',
        'engagement_score',
        'features',
        'first',
        'last',
        'start',
      ]);
  });

  it('still offers the longest window when the speech is shorter than the minimum', () => {
    const short = talk(SENTENCES.slice(0, 1));
    expect(makeShortClips(short.phrases, short.duration, undefined)).toHaveLength(1);
  });

  it("keeps an untranscribed stretch inside a clip as a segment with phrase '', as the long form does", () => {
    // Voice the recogniser did not transcribe, in the pause after the 6th sentence.
    const words = phrases.flatMap((p) => p.words);
    const pauses = words.slice(1).filter((w, i) => w.start - words[i]!.end > 0.5);
    const sixthEnd = pauses[5]!.start - 1;
    const missed: Phrase = { start: sixthEnd + 0.2, end: sixthEnd + 0.8, phrase: '', words: [] };
    const withMissed = [...phrases, missed].sort((a, b) => a.start - b.start);
    expect(makeLongFormClip(withMissed, duration).segments).toContainEqual(missed);
    const candidates = shortClipCandidates(withMissed, duration, undefined);
    const around = candidates.filter((c) => c.start < missed.start && c.end > missed.end);
    const apart = candidates.filter((c) => c.end <= missed.start || c.start >= missed.end);
    expect(around.length).toBeGreaterThan(0);
    expect(apart.length).toBeGreaterThan(0);
    for (const c of around) {
      expect(c.segments).toContainEqual(missed);
      const starts = c.segments.map((s) => s.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
    for (const c of apart) expect(c.segments.some((s) => s.phrase === '')).toBe(false);
  });

  it('selectNonOverlapping prefers higher scores', () => {
    const c = (start: number, end: number, score: number) =>
      ({ start, end, engagement_score: score }) as Candidate;
    const kept = selectNonOverlapping([c(0, 20, 5), c(10, 30, 9), c(30, 50, 1)], 5);
    expect(kept.map((k) => k.engagement_score)).toEqual([9, 1]);
  });
});

describe('scoring', () => {
  const word = (text: string, start: number): Word => ({
    text,
    start,
    end: start + 0.3,
    confidence: 1,
  });

  it('rewards a prompt hook and a lively rate over a slow rambling start', () => {
    const hooky = Array.from({ length: 60 }, (_, i) => word(i === 0 ? 'why' : 'fuel', i / 3));
    const slow = Array.from({ length: 15 }, (_, i) => word(i === 0 ? 'and' : 'um', 3 + i * 1.2));
    const context = { keywords: ['fuel'] };
    const good = scoreFeatures(
      { start: 0, end: 20, words: hooky, pauseBefore: 1, pauseAfter: 1 },
      context,
    );
    const bad = scoreFeatures(
      { start: 0, end: 20, words: slow, pauseBefore: 0, pauseAfter: 0 },
      context,
    );
    expect(good.hook).toBeGreaterThan(bad.hook);
    expect(good.speechRate).toBe(1);
    expect(good.pauseDensity).toBeGreaterThan(bad.pauseDensity);
    expect(good.keywordSalience).toBeGreaterThan(bad.keywordSalience);
    expect(good.selfContained).toBeGreaterThan(bad.selfContained);
    expect(engagementScore(good)).toBeGreaterThan(engagementScore(bad));
  });

  it('scores 0-10 with one decimal', () => {
    const all = {
      hook: 1,
      speechRate: 1,
      pauseDensity: 1,
      energyVariation: 1,
      keywordSalience: 1,
      selfContained: 1,
    };
    expect(engagementScore(all)).toBe(10);
    const none = {
      hook: 0,
      speechRate: 0,
      pauseDensity: 0,
      energyVariation: 0,
      keywordSalience: 0,
      selfContained: 0,
    };
    expect(engagementScore(none)).toBe(0);
  });
});
