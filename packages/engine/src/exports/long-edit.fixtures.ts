// A long edit built in memory, the shape the issue 35 audit measured (a 4-hour talk, 20,000 cut
// gaps, 7,200 phrases of worded speech): for the exports' scale bench and their linearity test.
import type { ExportInput } from './export-timeline.ts';

export type LongEditSize = {
  durationS: number;
  gaps: number;
  phrases: number;
  fps?: number;
};

/**
 * `phrases` six-word phrases spread evenly over `durationS` (every fifth opens with a filler
 * "Um,"), with `gaps` short silences cut evenly across the talk: the kept spans are what is left.
 */
export function longEditInput(size: LongEditSize): ExportInput {
  const { durationS } = size;
  const gapS = 0.1;
  const keep: { start: number; end: number }[] = [];
  let at = 0;
  for (let i = 0; i < size.gaps; i++) {
    const start = ((i + 0.5) * durationS) / size.gaps;
    if (start > at) keep.push({ start: at, end: start });
    at = start + gapS;
  }
  if (at < durationS) keep.push({ start: at, end: durationS });
  const step = durationS / size.phrases;
  const phrases = Array.from({ length: size.phrases }, (_, i) => {
    const start = i * step;
    const end = start + step * 0.9;
    const phrase = `${i % 5 === 0 ? 'Um, ' : ''}Phrase ${i + 1} says six plain words & <more>`;
    const texts = phrase.split(' ');
    const wordS = (end - start) / texts.length;
    const words = texts.map((text, w) => ({
      text,
      start: start + w * wordS,
      end: start + (w + 1) * wordS,
    }));
    return { start, end, phrase, words };
  });
  return {
    title: 'A long talk',
    fileName: 'long talk #1.mp4',
    probe: {
      durationS,
      fps: size.fps ?? 25,
      variableFrameRate: false,
      displayWidth: 1920,
      displayHeight: 1080,
      audioSampleRate: 48_000,
      audioChannels: 2,
    },
    keep,
    phrases,
  };
}
