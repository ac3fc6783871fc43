import { describe, expect, it } from 'vitest';
import {
  fillerWordIn,
  isFillerWord,
  isRemovedWithFillers,
  withoutCutFillers,
} from './filler-words.rules.ts';

const w = (text: string, start: number, end: number) => ({ text, start, end, confidence: 0.9 });
const phraseOf = (words: ReturnType<typeof w>[]) => ({
  start: words[0]?.start ?? 0,
  end: words.at(-1)?.end ?? 0,
  phrase: words.map((x) => x.text).join(' '),
  words,
});
const ALL = [{ start: 0, end: 100 }];

describe('isFillerWord', () => {
  it('knows fillers as recognisers write them, and never a real word', () => {
    for (const text of ['Um,', 'uh...', 'HMM', '++UM++', '[uh]', 'erm', 'Ahh', 'mm']) {
      expect(isFillerWord(text), text).toBe(true);
    }
    for (const text of ['a', "I'm", 'mhm', 'uh-huh', 'eh', 'umbrella', 'the', 'Ah-ha']) {
      expect(isFillerWord(text), text).toBe(false);
    }
  });
});

describe('withoutCutFillers', () => {
  const sentence = phraseOf([
    w('Um,', 1, 1.4),
    w('so', 1.5, 1.7),
    w('we', 1.8, 1.9),
    w('went,', 2, 2.3),
    w('uh,', 2.4, 2.8),
    w('home.', 2.9, 3.3),
  ]);

  it('drops the fillers whose middle is cut, re-capitalising the sentence they began', () => {
    const kept = [
      { start: 0, end: 0.95 },
      { start: 1.45, end: 2.35 },
      { start: 2.85, end: 4 },
    ];
    const [out] = withoutCutFillers([sentence], kept);
    expect(out?.phrase).toBe('So we went home.');
    expect(out?.words.map((x) => x.text)).toEqual(['So', 'we', 'went', 'home.']);
    expect(out?.words.map((x) => x.start)).toEqual([1.5, 1.8, 2, 2.9]);
    expect(out).toMatchObject({ start: 1, end: 3.3 });
  });

  it('keeps a filler that is still heard, and every real word even when it is cut', () => {
    expect(withoutCutFillers([sentence], ALL)).toEqual([sentence]);
    // NOTE: "went," lies in the cut, but a real word is never taken out of the subtitles.
    const kept = [
      { start: 0, end: 1.95 },
      { start: 2.85, end: 4 },
    ];
    expect(withoutCutFillers([sentence], kept)[0]?.phrase).toBe('Um, so we went home.');
  });

  it("moves a cut filler's full stop onto the word before it", () => {
    const p = phraseOf([
      w('That', 0, 0.3),
      w('is', 0.4, 0.5),
      w('it,', 0.6, 0.9),
      w('um.', 1, 1.4),
    ]);
    expect(withoutCutFillers([p], [{ start: 0, end: 0.95 }])[0]?.phrase).toBe('That is it.');
  });

  it('takes the comma before a cut filler with it, and keeps a colon or a sentence capital', () => {
    const cutAll = (words: ReturnType<typeof w>[]) =>
      withoutCutFillers(
        [phraseOf(words)],
        words.filter((x) => !isFillerWord(x.text)).map((x) => ({ start: x.start, end: x.end })),
      )[0]?.phrase;
    const say = (...texts: string[]) => texts.map((text, i) => w(text, i, i + 0.5));
    expect(cutAll(say('We', 'went,', 'um,', 'home.'))).toBe('We went home.');
    expect(cutAll(say('We', 'went,', 'um', 'home.'))).toBe('We went home.');
    expect(cutAll(say('We', 'went,', 'um,', 'uh,', 'home.'))).toBe('We went home.');
    expect(cutAll(say('Um,', 'so', 'we', 'went.'))).toBe('So we went.');
    expect(cutAll(say('Fine.', 'um,', 'so', 'we', 'went.'))).toBe('Fine. So we went.');
    expect(cutAll(say('and', 'um,', 'so', 'we', 'went.'))).toBe('and so we went.');
    expect(cutAll(say('It', 'is,', 'um,', 'uh.'))).toBe('It is.');
    expect(cutAll(say('The', 'rule:', 'um,', 'never', 'stop.'))).toBe('The rule: never stop.');
    expect(cutAll(say('Yes?', 'Um.', 'Right.'))).toBe('Yes? Right.');
  });

  it('empties a phrase of fillers only, and leaves a typed-over phrase alone', () => {
    const only = phraseOf([w('Uh,', 5, 5.3), w('um.', 5.4, 5.8)]);
    expect(withoutCutFillers([only], [{ start: 0, end: 4 }])[0]).toMatchObject({
      phrase: '',
      words: [],
    });
    const typed = { ...sentence, phrase: 'So we went home.' };
    expect(withoutCutFillers([typed], [{ start: 0, end: 0.5 }])).toEqual([typed]);
    const wordless = { start: 0, end: 1, phrase: 'Um, hello' };
    expect(withoutCutFillers([wordless], [])).toEqual([wordless]);
  });
});

describe('fillerWordIn', () => {
  const words = [w('So,', 0.9, 1.3), w('Um,', 1.5, 2.05), w('the', 2.3, 2.4), w('++UH++', 4, 4.3)];

  it('names the filler word a filler span holds, as it reads', () => {
    expect(fillerWordIn({ start: 1.45, end: 2.1 }, words)).toBe('um');
    expect(fillerWordIn({ start: 3.95, end: 4.4 }, words)).toBe('uh');
  });

  it('names nothing for a span without a filler word in it', () => {
    expect(fillerWordIn({ start: 2.2, end: 2.5 }, words)).toBeNull();
    expect(fillerWordIn({ start: 6, end: 7 }, words)).toBeNull();
    expect(fillerWordIn({ start: 1, end: 2 }, [])).toBeNull();
  });
});

describe('isRemovedWithFillers', () => {
  const um = phraseOf([w('um', 5, 5.5)]);
  const cut = [{ start: 4.95, end: 5.55 }];
  const kept = [
    { start: 0, end: 4.95 },
    { start: 5.55, end: 10 },
  ];

  it('takes out a phrase of cut fillers only', () => {
    expect(isRemovedWithFillers(um, kept, cut)).toBe(true);
    expect(isRemovedWithFillers(um, ALL, [])).toBe(false);
    const mixed = phraseOf([w('um', 5, 5.5), w('yes', 5.6, 6)]);
    expect(isRemovedWithFillers(mixed, kept, cut)).toBe(false);
  });

  it('keeps a phrase the user typed over', () => {
    expect(isRemovedWithFillers({ ...um, phrase: 'Yes' }, kept, cut)).toBe(false);
  });

  it('takes out unrecognised speech lying in a cut filler, not elsewhere', () => {
    const unheard = { start: 5.1, end: 5.4, phrase: '', words: [] };
    expect(isRemovedWithFillers(unheard, kept, cut)).toBe(true);
    expect(isRemovedWithFillers({ ...unheard, start: 7, end: 7.5 }, kept, cut)).toBe(false);
    expect(isRemovedWithFillers({ ...unheard, phrase: 'typed' }, kept, cut)).toBe(false);
  });
});
