import { describe, expect, it } from 'vitest';
import type { Word } from '../types.ts';
import { attachLoosePunctuation, writtenForms } from './written-words.ts';

const timed = (texts: string[]): Word[] =>
  texts.map((text, i) => ({ text, start: i, end: i + 0.5, confidence: 0.9 }));

describe('writtenForms', () => {
  it('gives bare words their capitals and punctuation from the running text', () => {
    const words = writtenForms(
      timed(['hello', 'world', 'its', 'nasa', 'calling']),
      ' Hello, world! It’s NASA calling…',
    );
    expect(words.map((w) => w.text)).toEqual(['Hello,', 'world!', 'It’s', 'NASA', 'calling…']);
    expect(words[1]).toEqual({ text: 'world!', start: 1, end: 1.5, confidence: 0.9 });
  });

  it('keeps a word the text does not have, and finds the next ones after it', () => {
    const words = writtenForms(timed(['so', 'um', 'right', 'so']), 'So, right. So?');
    expect(words.map((w) => w.text)).toEqual(['So,', 'um', 'right.', 'So?']);
  });
});

describe('attachLoosePunctuation', () => {
  it('joins marks standing alone to their word and drops symbols', () => {
    const words = attachLoosePunctuation(
      timed(['«', 'Quoi', '?', 'this', '—', 'that', '♪', 'end', '.']),
    );
    expect(words.map((w) => w.text)).toEqual(['«Quoi?', 'this —', 'that', 'end.']);
    expect(words[0]).toMatchObject({ start: 1, end: 1.5 });
  });
});
