// Which word of a phrase is spoken when: the recogniser's word times while the phrase still reads
// as those words, else the phrase's words spread evenly over its time. Pure, NO node imports.

export type TimedWord = { text: string; start: number; end: number };
export type WordedText = {
  start: number;
  end: number;
  phrase: string;
  words?: readonly TimedWord[] | undefined;
};

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const round3 = (s: number) => Math.round(s * 1000) / 1000;

/**
 * The phrase's words, each with its time inside the phrase.
 * NOTE: the same rule as the server's store of an edited phrase (clip-plan.rules.ts typedWords):
 * text the user changed gets its words spread evenly, so the preview of an unsaved edit
 * highlights what the render will after the confirm.
 */
export function phraseWords(segment: WordedText): TimedWord[] {
  const words = (segment.words ?? [])
    .map((w) => ({ text: w.text.trim(), start: w.start, end: w.end }))
    .filter((w) => w.text);
  const phrase = normalise(segment.phrase);
  if (words.length > 0 && normalise(words.map((w) => w.text).join(' ')) === phrase) {
    // NOTE: a phrase's times may have been moved by hand; its words stay inside it, in order.
    let floor = segment.start;
    return words.map((w) => {
      const start = Math.min(segment.end, Math.max(floor, w.start));
      const end = Math.min(segment.end, Math.max(start, w.end));
      floor = start;
      return { text: w.text, start, end };
    });
  }
  const texts = phrase.split(' ').filter(Boolean);
  const step = texts.length > 0 ? (segment.end - segment.start) / texts.length : 0;
  const at = (i: number) => round3(segment.start + i * step);
  return texts.map((text, i) => ({
    text,
    start: at(i),
    end: i === texts.length - 1 ? segment.end : at(i + 1),
  }));
}
