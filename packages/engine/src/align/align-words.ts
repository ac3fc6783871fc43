// Word times for a recogniser that gives text only (Moonshine): pocketsphinx forced alignment of
// each utterance's known words, with a grammar that walks through them in order. One aligner per
// core works through the utterances. See docs/decisions/0005-offline-transcription.md.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WavInfo } from '../audio/wav-header.ts';
import {
  isPocketsphinxInstalled,
  pocketsphinxConcurrency,
  pocketsphinxModel,
} from '../media/pocketsphinx-install.ts';
import { EngineError } from '../types.ts';
import type { Word } from '../types.ts';
import {
  buildAlignmentDictionary,
  buildAlignmentGrammar,
  parseAlignedFillers,
  parseAlignmentOutput,
} from './align-grammar.ts';
import type { AlignedPosition } from './align-grammar.ts';
import { insertFillers, replaceablePositions, takeReplacements } from './aligned-fillers.ts';
import { writeLevelledChunk } from './level-chunk.ts';
import { runAligner } from './run-aligner.ts';
import { stretchFactor } from './stretch-confidence.ts';
import { loadDictionary, pronounce } from './pronounce.ts';
import type { Dictionary, Pronounced } from './pronounce.ts';
import { readSpeechWavInfo } from '../audio/speech-wav.ts';

export type UtteranceText = {
  start: number;
  end: number;
  words: { text: string; confidence: number }[];
};

export type AlignOptions = {
  signal?: AbortSignal;
  /** Also hear hesitations ("um", "uh") between the words and add them as words of their own. */
  fillers?: boolean;
};

/** Audio either side of an utterance the aligner also hears: its edges may be a little tight. */
const EDGE_PAD_S = 0.15;
/**
 * A word's confidence is multiplied by this when its time is not measured but shared out (the
 * aligner skipped it, could not say it, or failed on the utterance): its text is doubtful too.
 */
export const UNALIGNED_CONFIDENCE_FACTOR = 0.5;

const round3 = (s: number) => Math.round(s * 1000) / 1000;

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/** Shares [from, to] among words by their length in characters. */
function shareByLength(
  texts: string[],
  from: number,
  to: number,
): { start: number; end: number }[] {
  const weights = texts.map((t) => Math.max(1, t.length));
  const total = weights.reduce((a, b) => a + b, 0);
  const span = Math.max(0, to - from);
  let at = from;
  return weights.map((w) => {
    const start = at;
    at += (span * w) / total;
    return { start, end: at };
  });
}

/** The fewest phones any of a word's pronunciations has (0 when it has none). */
function phoneCount(word: Pronounced | undefined): number {
  if (!word) return 0;
  return Math.min(...word.pronunciations.map((p) => p.split(' ').filter(Boolean).length));
}

/**
 * The input words with times: measured ones from the aligner (kept inside the utterance), the
 * rest shared out between their measured neighbours with a lowered confidence. A measured word
 * held far longer than its phones take (`phones[i]`, when known) loses confidence too.
 */
export function placeWords(
  utterance: UtteranceText,
  positions: AlignedPosition[],
  offsetS: number,
  phones: readonly number[] = [],
): Word[] {
  const { words } = utterance;
  const clamp = (s: number) => Math.min(utterance.end, Math.max(utterance.start, s));
  const timed = new Map(
    positions.map((p) => [
      p.index,
      { start: clamp(p.start + offsetS), end: clamp(p.end + offsetS) },
    ]),
  );
  const out: Word[] = [];
  let i = 0;
  while (i < words.length) {
    const measured = timed.get(i);
    const word = words[i];
    if (measured && word) {
      const stretch = stretchFactor(measured.end - measured.start, phones[i] ?? 0, word.text);
      const confidence = Math.round(word.confidence * stretch * 1000) / 1000;
      out.push({ text: word.text, ...measured, confidence });
      i++;
      continue;
    }
    let j = i;
    while (j < words.length && !timed.has(j)) j++;
    const from = out.at(-1)?.end ?? utterance.start;
    const to = timed.get(j)?.start ?? utterance.end;
    const run = words.slice(i, j);
    shareByLength(
      run.map((w) => w.text),
      from,
      Math.max(from, to),
    ).forEach((time, k) => {
      const w = run[k];
      if (w)
        out.push({ text: w.text, ...time, confidence: w.confidence * UNALIGNED_CONFIDENCE_FACTOR });
    });
    i = j;
  }
  return out.map((w) => ({ ...w, start: round3(w.start), end: round3(Math.max(w.start, w.end)) }));
}

type AlignContext = {
  wavPath: string;
  info: WavInfo;
  dictionary: Dictionary | undefined;
  dir: string;
  signal: AbortSignal;
  fillers: boolean;
};

async function alignOne(
  context: AlignContext,
  utterance: UtteranceText,
  index: number,
): Promise<Word[]> {
  const { info, dictionary, dir, signal } = context;
  const pronounced = dictionary ? utterance.words.map((w) => pronounce(w.text, dictionary)) : [];
  if (!pronounced.some(Boolean)) return placeWords(utterance, [], 0);
  const chunk = {
    start: Math.max(0, utterance.start - EDGE_PAD_S),
    end: Math.min(info.durationS, utterance.end + EDGE_PAD_S),
  };
  const stem = join(dir, `u${index}`);
  const files = { wav: `${stem}.wav`, grammar: `${stem}.fsg`, dictionary: `${stem}.dict` };
  const phones = pronounced.map(phoneCount);
  const replaceable = replaceablePositions(utterance.words, phones);
  const align = async (fillers: boolean) => {
    await writeFile(files.grammar, buildAlignmentGrammar(pronounced, { fillers, replaceable }));
    await writeFile(files.dictionary, buildAlignmentDictionary(pronounced, { fillers }));
    const output = await runAligner(files, signal);
    return { output, positions: parseAlignmentOutput(output, utterance.words.length) };
  };
  await writeLevelledChunk(context.wavPath, info, chunk, files.wav);
  try {
    if (context.fillers) {
      const { output, positions: found } = await align(true);
      const heardFillers = parseAlignedFillers(output);
      const replaced = takeReplacements(utterance.words, found, heardFillers, replaceable);
      const { positions, fillers } = replaced;
      // NOTE: a filler may only take sound no word claims. When the aligner skipped a word of
      // the recogniser's to hear fillers, the fillers stole it: the utterance is aligned again
      // without them.
      const skipped = pronounced.some((p, i) => p && !positions.some((q) => q.index === i));
      if (!skipped || heardFillers.length === 0) {
        const heard = { ...utterance, words: replaced.words };
        const placed = placeWords(heard, positions, chunk.start, phones).map((w, i) =>
          replaced.words[i] === utterance.words[i] ? w : { ...w, heard: true as const },
        );
        return insertFillers(placed, fillers, chunk.start);
      }
    }
    const { positions } = await align(false);
    return placeWords(utterance, positions, chunk.start, phones);
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    // NOTE: an aligner that fails on one utterance costs that utterance its measured times, not
    // the transcript; the words keep their text, spread over the utterance, with less confidence.
    if (error instanceof EngineError) return placeWords(utterance, [], 0);
    throw error;
  } finally {
    await Promise.all(Object.values(files).map((file) => rm(file, { force: true })));
  }
}

/**
 * Times for the words of each utterance (its span in the 16 kHz mono WAV and the recogniser's
 * words): one Word per input word, in order, text and confidence as given, each inside its
 * utterance's span. Without pocketsphinx the words are spread over their utterances by length
 * with a lowered confidence.
 */
export async function alignUtterances(
  wavPath: string,
  utterances: UtteranceText[],
  options: AlignOptions = {},
): Promise<Word[]> {
  return (await alignEachUtterance(wavPath, utterances, { ...options, fillers: false })).flat();
}

/**
 * As alignUtterances, one list per utterance; with `fillers`, the hesitations the aligner heard
 * between two words (or in place of a doubtful one) are in it too, marked as heard fillers
 * (`isHeardFiller`, see insertFillers).
 */
export async function alignEachUtterance(
  wavPath: string,
  utterances: UtteranceText[],
  options: AlignOptions = {},
): Promise<Word[][]> {
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);
  const info = await readSpeechWavInfo(wavPath, 'the aligner');
  const dictionary = (await isPocketsphinxInstalled())
    ? await loadDictionary(pocketsphinxModel().dict)
    : undefined;
  // NOTE: one failure stops every aligner at once instead of leaving them running.
  const stop = new AbortController();
  const forward = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  const dir = await mkdtemp(join(tmpdir(), 'roughcut-align-'));
  const context: AlignContext = {
    wavPath,
    info,
    dictionary,
    dir,
    signal: stop.signal,
    fillers: options.fillers ?? false,
  };
  const results: Word[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < utterances.length) {
      const index = next++;
      const utterance = utterances[index];
      if (utterance) results[index] = await alignOne(context, utterance, index);
    }
  };
  try {
    const workers = Math.min(pocketsphinxConcurrency(), utterances.length);
    await Promise.all(
      Array.from({ length: workers }, () =>
        worker().catch((error: unknown) => {
          stop.abort(error);
          throw error;
        }),
      ),
    );
    if (signal?.aborted) throw abortError(signal);
    return utterances.map((_, i) => results[i] ?? []);
  } finally {
    signal?.removeEventListener('abort', forward);
    await rm(dir, { recursive: true, force: true });
  }
}
