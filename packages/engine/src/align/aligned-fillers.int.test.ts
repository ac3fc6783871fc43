import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isFillerWord } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleSpeech, speakSentence } from '../testing/test-media.ts';
import { encodeWav } from '../testing/wav.ts';
import { isHeardFiller } from './aligned-fillers.ts';
import { alignEachUtterance } from './align-words.ts';

// A held piece between two phrases, 0.15 s pauses either side: a hesitation or a real word.
const BEFORE = 'Keep every word,';
const AFTER = 'and cut only the quiet parts.';

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'align-fillers-int-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Speaks BEFORE, the held `middle` and AFTER (slt); the WAV, the middle's time and the span. */
async function heldBetween(middle: string) {
  const clips = [];
  for (const text of [BEFORE, middle, AFTER]) {
    const options = text === middle ? { stretch: 2 } : {};
    clips.push({ text, pcm: await speakSentence(text, dir, 'slt', options) });
  }
  const track = assembleSpeech(clips, { silenceS: 0.15, leadInS: 0.7, tailS: 0.8, fps: 25 });
  const wav = join(dir, `${middle}.wav`);
  await writeFile(wav, encodeWav(track.pcm));
  const span = { start: 0.45, end: (track.sentences.at(-1)?.end ?? 0) + 0.25 };
  return { wav, held: track.sentences[1]!, span };
}

const wordsOf = (text: string, confidence: number) =>
  text.split(' ').map((t) => ({ text: t, confidence }));

type Given = { text: string; confidence: number };

/** `middle` spoken held between the phrases, aligned with fillers as `written` between them. */
async function alignWritten(middle: string, written: Given) {
  const { wav, held, span } = await heldBetween(middle);
  const given = [...wordsOf(BEFORE, 0.95), written, ...wordsOf(AFTER, 0.95)];
  const [aligned = []] = await alignEachUtterance(wav, [{ ...span, words: given }], {
    fillers: true,
  });
  return { aligned, given, held, at: wordsOf(BEFORE, 0.95).length };
}

async function expectReplaced(middle: string, written: Given) {
  const { aligned, held, at } = await alignWritten(middle, written);
  const replaced = aligned[at]!;
  expect(isHeardFiller(replaced) && isFillerWord(replaced.text)).toBe(true);
  expect(replaced.start).toBeLessThan(held.end);
  expect(replaced.end).toBeGreaterThan(held.start);
}

async function expectKept(middle: string, written: Given) {
  const { aligned, given } = await alignWritten(middle, written);
  expect(aligned.some(isHeardFiller)).toBe(false);
  expect(aligned.map((w) => w.text)).toEqual(given.map((w) => w.text));
}

describe('alignEachUtterance with fillers', () => {
  it('hears a hesitation the recogniser left out and keeps every given word in order', async () => {
    const { wav, held: um, span } = await heldBetween('um');
    const given = wordsOf(`${BEFORE} ${AFTER}`, 0.9);

    const [withFillers = []] = await alignEachUtterance(wav, [{ ...span, words: given }], {
      fillers: true,
    });
    const [without = []] = await alignEachUtterance(wav, [{ ...span, words: given }]);

    const heard = withFillers.filter((w) => isFillerWord(w.text));
    expect(heard).toHaveLength(1);
    expect(heard[0]!.start).toBeLessThan(um.end);
    expect(heard[0]!.end).toBeGreaterThan(um.start);
    expect(withFillers.filter((w) => !isFillerWord(w.text)).map((w) => w.text)).toEqual(
      given.map((w) => w.text),
    );
    expect(without.map((w) => w.text)).toEqual(given.map((w) => w.text));
  }, 60_000);

  it('hears a held "uh" written as a doubted word and keeps a held real one', async () => {
    await expectReplaced('uh', { text: 'got', confidence: 0.6 });
    // NOTE: as doubted, but the word's own sounds (O and R) are there: the word stays.
    await expectKept('or', { text: 'or', confidence: 0.6 });
  }, 60_000);

  it('hears a held "erm" written as a long doubted word and keeps a long held real one', async () => {
    // NOTE: Moonshine wrote a held "erm" as "Birmingham" (0.28); length is no bar to competing.
    await expectReplaced('erm', { text: 'Birmingham', confidence: 0.3 });
    // NOTE: a real word that begins with a filler's sound, as doubted: the rest of its sounds
    // cannot go to a filler set off by quiet, so it stays.
    await expectKept('umbrellas', { text: 'umbrellas', confidence: 0.3 });
  }, 60_000);
});
