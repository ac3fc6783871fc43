// Word times while Moonshine is still decoding: the decoder runs on one core, so each utterance goes
// to the aligner as soon as the levelled audio its alignment reads is written, one alignment at a
// time on the other core, then on every core once decoding ends. See decision 0005.
import { open } from 'node:fs/promises';
import type { WavInfo } from '../audio/wav-header.ts';
import type { Span, Word } from '../types.ts';
import { wavHeader } from '../audio/wav-header.ts';
import {
  LEVELLED_DATA_OFFSET,
  levelEdges,
  levelRegion,
  writeLevelledSamples,
} from './utterance-audio.ts';

export type HeardSpan = Span & { gain: number; words: { text: string; confidence: number }[] };

/** Times one utterance's words from the levelled WAV (one Word per word, in order). */
export type AlignOne<U extends HeardSpan> = (
  wavPath: string,
  utterance: U,
  signal: AbortSignal,
) => Promise<Word[]>;

export type AsHeardOptions = {
  /** Alignments at once while the decoder still runs (it takes one core). */
  whileHearing: number;
  /** Alignments at once after the last utterance is heard. */
  afterHearing: number;
  signal?: AbortSignal;
};

/**
 * NOTE: the aligner reads a little audio past each utterance (0.15 s); an utterance waits until
 * the levelled audio this far past its end is written, so it never reads a region not yet levelled.
 */
const READ_MARGIN_S = 1;

export type AsHeardAligner<U extends HeardSpan> = {
  /** Utterance `index` of the plan is heard; they come in order. */
  heard: (index: number, utterance: U) => Promise<void>;
  /** Every utterance is heard: the words of each, once all are aligned. */
  finish: () => Promise<Word[][]>;
  /** Hearing failed: stops the alignments in flight and waits for them. */
  stop: (reason: unknown) => Promise<void>;
};

/**
 * Writes the levelled copy of `source` at `target` region by region as utterances are heard (see
 * writeLevelledWav: the same bytes) and aligns each utterance once its audio is written.
 */
export async function alignAsHeard<U extends HeardSpan>(
  source: string,
  info: WavInfo,
  plan: readonly Span[],
  target: string,
  align: AlignOne<U>,
  options: AsHeardOptions,
): Promise<AsHeardAligner<U>> {
  const total = Math.floor(info.dataBytes / 2);
  const edges = levelEdges(plan, info.sampleRate);
  const bounds = [0, ...edges.map((e) => Math.min(total, e)), total];
  const output = await open(target, 'w');
  await output.write(wavHeader(info, total * 2), 0, LEVELLED_DATA_OFFSET, 0);
  const input = await open(source, 'r');
  const stopper = new AbortController();
  const forward = () => stopper.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  const utterances: U[] = [];
  const results: Promise<Word[]>[] = [];
  let written = 0;
  let next = 0;
  let running = 0;
  let limit = options.whileHearing;
  let settled: () => void = () => undefined;
  const idle = new Promise<void>((resolve) => (settled = resolve));
  const lastRegion = plan.map((s) =>
    levelRegion(edges, Math.round((s.end + READ_MARGIN_S) * info.sampleRate)),
  );
  const ready = (k: number) => k < utterances.length && lastRegion[k]! < written;
  const pump = (): void => {
    while (!stopper.signal.aborted && running < limit && next < plan.length && ready(next)) {
      const k = next++;
      running++;
      results[k] = align(target, utterances[k]!, stopper.signal).finally(() => {
        running--;
        pump();
      });
      results[k].catch((error: unknown) => stopper.abort(error));
    }
    if (running === 0 && (next === plan.length || stopper.signal.aborted)) settled();
  };
  const closeFiles = async () => {
    options.signal?.removeEventListener('abort', forward);
    await Promise.all([input.close(), output.close()]);
  };
  return {
    heard: async (index, utterance) => {
      utterances[index] = utterance;
      // NOTE: region i (bounds i to i + 1) is at utterance i's gain; the last runs to the end.
      for (; written <= index; written++) {
        const gain = utterances[written]?.gain ?? 1;
        await writeLevelledSamples(
          input,
          output,
          info,
          [bounds[written]!, bounds[written + 1]!],
          gain,
        );
      }
      pump();
    },
    finish: async () => {
      if (!plan.length) {
        await closeFiles();
        return [];
      }
      limit = options.afterHearing;
      pump();
      await idle;
      await closeFiles();
      return Promise.all(results);
    },
    stop: async (reason) => {
      stopper.abort(reason);
      pump();
      await idle;
      await closeFiles();
    },
  };
}
