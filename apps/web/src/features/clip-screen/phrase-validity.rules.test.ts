import { describe, expect, it } from 'vitest';
import { MAX_PHRASE_CHARS, confirmPhrasesError, phraseTextSchema } from '@roughcut/shared';
import type { Segment } from '@roughcut/shared';
import { phrasesForConfirm } from './clip-confirm.rules.ts';
import {
  applyTolerance,
  averageConfidencePercent,
  cleanPhraseText,
  confidenceScoreLabel,
  deletePhrase,
  detectedWordsLabel,
  editDetailsLines,
  editPhraseText,
  invalidPhrasesLabel,
  isLowConfidence,
  isUnrecognisedPhrase,
  markInitialValidity,
  phraseAtTime,
  phraseMarker,
  phrasesFromSegments,
  showsTickButton,
  tickPhrase,
  wordsBelowTolerance,
} from './phrase-validity.rules.ts';

const word = (confidence: number) => ({ text: 'w', start: 0, end: 1, confidence });
const segments: Segment[] = [
  { start: 0, end: 1, phrase: 'sure thing', words: [word(0.9), word(0.95)] },
  { start: 1, end: 2, phrase: 'mumble', words: [word(0.9), word(0.5)] },
  { start: 2, end: 3, phrase: 'no words' },
];

describe('phrases from segments', () => {
  it('assigns client ids and leaves validity undefined', () => {
    const phrases = phrasesFromSegments(segments);
    expect(phrases.map((p) => p.id)).toEqual(['phrase-0', 'phrase-1', 'phrase-2']);
    expect(phrases.every((p) => p.valid === undefined)).toBe(true);
    expect(phrases[2]?.words).toEqual([]);
  });
});

describe('low confidence', () => {
  it('is not already valid and has a word below the tolerance', () => {
    const [sure, mumble] = phrasesFromSegments(segments);
    if (sure === undefined || mumble === undefined) throw new Error('fixture');
    expect(isLowConfidence(sure, 0.8)).toBe(false);
    expect(isLowConfidence(mumble, 0.8)).toBe(true);
    expect(isLowConfidence({ ...mumble, valid: true }, 0.8)).toBe(false);
    expect(isLowConfidence({ ...mumble, valid: false }, 0.8)).toBe(true);
    expect(isLowConfidence(mumble, 0.5)).toBe(false);
  });
});

describe('validity changes', () => {
  it('marks undefined low-confidence phrases invalid on first display', () => {
    const phrases = markInitialValidity(phrasesFromSegments(segments), 0.8);
    expect(phrases.map((p) => p.valid)).toEqual([undefined, false, undefined]);
  });

  it('flags speech the recogniser missed on first display, and tolerance leaves it alone', () => {
    const missed = phrasesFromSegments([
      ...segments,
      { start: 3, end: 4, phrase: '', words: [] },
      { start: 4, end: 5, phrase: '  ' },
    ]);
    expect(missed.map(isUnrecognisedPhrase)).toEqual([false, false, false, true, true]);
    const shown = markInitialValidity(missed, 0.8);
    expect(shown.map((p) => p.valid)).toEqual([undefined, false, undefined, false, false]);
    expect(invalidPhrasesLabel(shown, 0.8)).toBe('3 / 5 invalid phrases');
    expect(applyTolerance(shown, 0.1).map((p) => p.valid)).toEqual([
      true,
      true,
      undefined,
      false,
      false,
    ]);
    // Typing what was said accepts it; so does the tick.
    expect(editPhraseText(shown, 'phrase-3', 'hello')[3]).toMatchObject({ valid: true });
    expect(showsTickButton(shown[3]!, 0.8)).toBe(true);
    expect(showsTickButton(tickPhrase(shown, 'phrase-3')[3]!, 0.8)).toBe(false);
  });

  it('keeps a decision already made on first display', () => {
    const phrases = phrasesFromSegments(segments).map((p) => ({ ...p, valid: true }));
    expect(markInitialValidity(phrases, 0.8).every((p) => p.valid === true)).toBe(true);
  });

  it('on a tolerance change: below → invalid, else at/above → valid, no words unchanged', () => {
    const phrases = phrasesFromSegments(segments);
    expect(applyTolerance(phrases, 0.8).map((p) => p.valid)).toEqual([true, false, undefined]);
    expect(applyTolerance(phrases, 0.5).map((p) => p.valid)).toEqual([true, true, undefined]);
    expect(applyTolerance(phrases, 0.95).map((p) => p.valid)).toEqual([false, false, undefined]);
    // a ticked phrase is re-judged by a new tolerance
    const ticked = tickPhrase(phrases, 'phrase-1');
    expect(applyTolerance(ticked, 0.8)[1]?.valid).toBe(false);
  });

  it('editing text or ticking marks a phrase valid; deleting removes it', () => {
    const phrases = markInitialValidity(phrasesFromSegments(segments), 0.8);
    const edited = editPhraseText(phrases, 'phrase-1', 'mumbled words');
    expect(edited[1]).toMatchObject({ phrase: 'mumbled words', valid: true });
    expect(tickPhrase(phrases, 'phrase-1')[1]?.valid).toBe(true);
    expect(deletePhrase(phrases, 'phrase-1').map((p) => p.id)).toEqual(['phrase-0', 'phrase-2']);
  });

  it('keeps an edited phrase on one line and within the length the confirm accepts', () => {
    const phrases = phrasesFromSegments(segments);
    expect(cleanPhraseText('two\nlines\tand a tab')).toBe('two lines and a tab');
    expect(editPhraseText(phrases, 'phrase-0', 'a\r\nb')[0]?.phrase).toBe('a  b');
    expect(cleanPhraseText('x'.repeat(MAX_PHRASE_CHARS + 20))).toHaveLength(MAX_PHRASE_CHARS);
    expect(phraseTextSchema.safeParse(cleanPhraseText('pasted\u2028line')).success).toBe(true);
  });

  it('stops typing at what the phrase’s time can carry, which the confirm accepts', () => {
    const phrases = phrasesFromSegments(segments);
    const typed = editPhraseText(phrases, 'phrase-0', 'x'.repeat(MAX_PHRASE_CHARS))[0];
    // A 1 s phrase: 40 characters of allowance and 45 a second.
    expect(typed?.phrase).toHaveLength(85);
    const sent = phrasesForConfirm(typed ? [typed] : []);
    expect(confirmPhrasesError(sent, segments)).toBeUndefined();
  });
});

describe('the tick button and the unsure words', () => {
  it('shows the tick on invalid phrases only and lists the words below the tolerance', () => {
    const phrases = markInitialValidity(phrasesFromSegments(segments), 0.8);
    expect(phrases.map((p) => showsTickButton(p, 0.8))).toEqual([false, true, false]);
    expect(wordsBelowTolerance(phrases[1]!, 0.8).map((w) => w.confidence)).toEqual([0.5]);
    expect(wordsBelowTolerance(phrases[1]!, 0.5)).toEqual([]);
    expect(wordsBelowTolerance(phrases[0]!, 0.95).map((w) => w.confidence)).toEqual([0.9]);
  });
});

describe('labels', () => {
  it('counts "N / total invalid phrases"', () => {
    const phrases = phrasesFromSegments(segments);
    expect(invalidPhrasesLabel(phrases, 0.8)).toBe('1 / 3 invalid phrases');
    expect(invalidPhrasesLabel(tickPhrase(phrases, 'phrase-1'), 0.8)).toBe('0 / 3 invalid phrases');
    expect(invalidPhrasesLabel(applyTolerance(phrases, 0.95), 0.95)).toBe('2 / 3 invalid phrases');
    expect(invalidPhrasesLabel([], 0.8)).toBe('0 / 0 invalid phrases');
  });

  it('marks the active phrase blue and invalid ones red', () => {
    const [sure, mumble] = phrasesFromSegments(segments);
    if (sure === undefined || mumble === undefined) throw new Error('fixture');
    expect(phraseMarker(mumble, 0.8, false)).toBe('red');
    expect(phraseMarker(mumble, 0.8, true)).toBe('blue');
    expect(phraseMarker(sure, 0.8, false)).toBeNull();
  });

  it('finds the phrase at the playback time', () => {
    const phrases = phrasesFromSegments(segments);
    expect(phraseAtTime(phrases, 1)?.id).toBe('phrase-1');
    expect(phraseAtTime(phrases, 0.5)?.id).toBe('phrase-0');
    expect(phraseAtTime(phrases, 3)).toBeUndefined();
  });

  it('reports words and the average confidence with two decimals', () => {
    expect(averageConfidencePercent(segments)).toBeCloseTo(81.25, 10);
    expect(averageConfidencePercent([{}])).toBeNull();
    expect(confidenceScoreLabel(81.25)).toBe('81.25% confidence score');
    expect(confidenceScoreLabel(90)).toBe('90.00% confidence score');
    expect(confidenceScoreLabel(66.666666)).toBe('66.67% confidence score');
    expect(detectedWordsLabel(4)).toBe('Detected 4 words');
    expect(editDetailsLines(segments)).toEqual([
      'Generated from voice recognition',
      'Detected 4 words',
      '81.25% confidence score',
    ]);
    expect(editDetailsLines([])).toEqual(['Generated from voice recognition', 'Detected 0 words']);
  });
});
