import { describe, expect, it } from 'vitest';
import type { Word } from '../types.ts';
import { makeLongFormClip, makeShortClips } from './clips.ts';
import { normaliseToken } from './keywords.ts';
import { groupPhrases } from './phrases.ts';
import { createTitlePicker, titleCase } from './titles.ts';
import { EDITING_TALK, ISSUE_TALK } from './titles.fixture.ts';
import type { SpokenSentence } from './titles.fixture.ts';

const tokens = (text: string) => text.split(/\s+/).map(normaliseToken).filter(Boolean);

/** The title is a run of the clip's own words, in their order. */
function isRunOf(title: string, words: readonly Word[]): boolean {
  const want = tokens(title);
  const have = words.map((w) => normaliseToken(w.text));
  return have.some((_, i) => want.every((t, j) => have[i + j] === t));
}

const SMALL = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'by', 'at']);

/** Short, title-cased and not left hanging on a small word. */
function expectReadable(title: string): void {
  const words = title.split(' ');
  expect(words.length).toBeGreaterThanOrEqual(3);
  expect(words.length).toBeLessThanOrEqual(9);
  expect(title.length).toBeLessThanOrEqual(60);
  expect(SMALL.has(words.at(-1)!.toLowerCase())).toBe(false);
  for (const [i, word] of words.entries()) {
    const small = SMALL.has(word.toLowerCase()) && i > 0 && i < words.length - 1;
    expect(word[0]).toBe(small ? word[0]!.toLowerCase() : word[0]!.toUpperCase());
  }
}

/** Words as a punctuating recogniser (whisper) gives them, spread over each spoken sentence. */
const punctuated = (sentences: readonly SpokenSentence[]): Word[] =>
  sentences.flatMap((s) => {
    const texts = s.text.split(' ');
    const step = (s.end - s.start) / texts.length;
    return texts.map((text, i) => ({
      text,
      start: s.start + i * step,
      end: s.start + (i + 0.8) * step,
      confidence: 0.95,
    }));
  });

const clipWords = (clip: { segments: { words: Word[] }[] }) =>
  clip.segments.flatMap((s) => s.words);

describe('titleCase', () => {
  it('capitalises words but not small ones inside, and keeps I and cased words', () => {
    expect(titleCase('cutting silence by hand takes hours')).toBe(
      'Cutting Silence by Hand Takes Hours',
    );
    expect(titleCase('the tool i use on my iPhone with NASA data')).toBe(
      'The Tool I Use on My iPhone with NASA Data',
    );
    expect(titleCase('what this is for')).toBe('What This Is For');
  });
});

describe('clip titles from a real pocketsphinx transcript (issue 12 talk)', () => {
  const phrases = groupPhrases(ISSUE_TALK.words);
  const long = makeLongFormClip(phrases, ISSUE_TALK.durationS);
  const [short] = makeShortClips(phrases, ISSUE_TALK.durationS, undefined);

  it('titles the long form with a whole clause it says, not a keyword run', () => {
    expect(long.title).toBe('Cutting Silence by Hand Takes Hours Every Single Week');
  });

  it('gives the short clip a different title, also from its own words', () => {
    expect(short).toBeDefined();
    expect(short!.title).not.toBe(long.title);
    expect(isRunOf(short!.title, clipWords(short!))).toBe(true);
    for (const title of [long.title, short!.title]) expectReadable(title);
  });
});

describe('clip titles from a longer real transcript', () => {
  const phrases = groupPhrases(EDITING_TALK.words);
  const long = makeLongFormClip(phrases, EDITING_TALK.durationS);
  const shorts = makeShortClips(phrases, EDITING_TALK.durationS, undefined, {
    minS: 8,
    maxS: 16,
    maxClips: 5,
  });

  it('titles every clip of the talk differently, each with a readable run of its own words', () => {
    expect(shorts.length).toBeGreaterThanOrEqual(2);
    const titles = [long.title, ...shorts.map((c) => c.title)];
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
    expect(isRunOf(long.title, EDITING_TALK.words)).toBe(true);
    for (const clip of shorts) expect(isRunOf(clip.title, clipWords(clip))).toBe(true);
    for (const title of titles) expectReadable(title);
  });

  it('passes over greetings and sign-offs', () => {
    for (const title of [long.title, ...shorts.map((c) => c.title)]) {
      expect(title).not.toMatch(/welcome|thank you|see you next time/i);
    }
  });
});

describe('createTitlePicker', () => {
  it('splits a punctuated sentence into clauses and takes the one that says something', () => {
    const words = punctuated(ISSUE_TALK.sentences.slice(0, 1));
    expect(createTitlePicker(words).pick(words, '')).toBe('Today We Talk About Editing');
  });

  it('takes a clean opening of a long unpunctuated sentence', () => {
    const words = EDITING_TALK.words.filter((w) => w.start > 34.5 && w.end < 38.6);
    expect(words.map((w) => w.text).join(' ')).toMatch(/^a small microphone .* far away$/);
    expect(createTitlePicker(words).pick(words, '')).toBe('A Small Microphone Close to Your Mouth');
  });

  it('never repeats a title, even when two clips say the same thing', () => {
    const words = punctuated(ISSUE_TALK.sentences.slice(1, 2));
    const again = words.map((w) => ({ ...w, start: w.start + 100, end: w.end + 100 }));
    const picker = createTitlePicker([...words, ...again]);
    const first = picker.pick(words, '');
    const second = picker.pick(again, '');
    expect(first).toBe('Cutting Silence by Hand Takes Hours Every Single Week');
    expect(second).toBe(`${first} (2)`);
  });

  it('gives the same words the same title when asked again, and avoids reserved titles', () => {
    const words = punctuated(ISSUE_TALK.sentences);
    const picker = createTitlePicker(words, [
      'Cutting Silence by Hand Takes Hours Every Single Week',
    ]);
    const title = picker.pick(words, '');
    expect(title).not.toMatch(/cutting silence/i);
    expect(picker.pick(words, '')).toBe(title);
  });

  it('falls back to the first words when nothing in the clip reads as a title', () => {
    const words: Word[] = ['um', 'yeah', 'so'].map((text, i) => ({
      text,
      start: i,
      end: i + 0.5,
      confidence: 0.9,
    }));
    expect(createTitlePicker(words).pick(words, 'um yeah so')).toBe('Um Yeah So');
  });
});
