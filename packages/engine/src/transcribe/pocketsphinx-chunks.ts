import { open } from 'node:fs/promises';
import type { EnergyTrack, Span } from '../types.ts';
import { wavHeader } from '../audio/wav-header.ts';
import type { WavInfo } from '../audio/wav-header.ts';

export type ChunkPlanOptions = {
  /** Aim for chunks this long. */
  targetS?: number;
  /** Look this far either side of each target for the quietest moment to cut at. */
  searchS?: number;
  /** A file shorter than this is recognised in one piece. */
  minSplitS?: number;
};

// WARNING: the chunks also bound each recogniser's memory. pocketsphinx keeps the search history of
// a whole utterance, about 0.3 MB per second of unbroken speech on top of its ~105 MB model
// (measured: 119 MB at 30 s, 137 MB at 90 s, 195 MB at 300 s), so longer chunks, or one file, make
// analysis memory grow with the video again. No chunk is longer than
// max(minSplitS, 1.5 targetS, targetS + searchS): 90 s by default.
export const DEFAULT_CHUNK_PLAN = { targetS: 60, searchS: 8, minSplitS: 90 } as const;

// NOTE: quietness is judged over a short window, not one frame, so a cut never lands in the
// brief dip between two syllables of a word.
const QUIET_WINDOW_FRAMES = 20;

function windowLoudness(db: Float32Array, centre: number): number {
  const from = Math.max(0, centre - QUIET_WINDOW_FRAMES / 2);
  const to = Math.min(db.length, centre + QUIET_WINDOW_FRAMES / 2);
  let max = -Infinity;
  for (let i = from; i < to; i++) max = Math.max(max, db[i] ?? -Infinity);
  return max;
}

/**
 * Splits [0, duration) into spans of about `targetS`, each cut at the quietest moment near its
 * target, so recognisers can run on the spans in parallel without cutting through a word.
 */
export function planChunks(
  durationS: number,
  energy: EnergyTrack,
  options: ChunkPlanOptions = {},
): Span[] {
  const { targetS, searchS, minSplitS } = { ...DEFAULT_CHUNK_PLAN, ...options };
  if (durationS < minSplitS) return [{ start: 0, end: durationS }];
  const cuts: number[] = [];
  let from = 0;
  while (durationS - from > targetS * 1.5) {
    const target = from + targetS;
    const lo = Math.max(0, Math.round((target - searchS) / energy.frameS));
    const hi = Math.min(energy.db.length - 1, Math.round((target + searchS) / energy.frameS));
    let best = Math.round(target / energy.frameS);
    let bestDb = Infinity;
    for (let i = lo; i <= hi; i += 2) {
      const loudness = windowLoudness(energy.db, i);
      if (loudness < bestDb) {
        bestDb = loudness;
        best = i;
      }
    }
    const cut = Math.round(best * energy.frameS * 100) / 100;
    if (cut <= from) break;
    cuts.push(cut);
    from = cut;
  }
  const edges = [0, ...cuts, durationS];
  return edges.slice(1).map((end, i) => ({ start: edges[i] ?? 0, end }));
}

/** Copies the samples of `span` from a WAV into a WAV file of its own, in bounded memory. */
export async function writeWavChunk(
  source: string,
  info: WavInfo,
  span: Span,
  target: string,
): Promise<void> {
  const blockAlign = info.channels * 2;
  const byteAt = (s: number) =>
    Math.min(info.dataBytes, Math.round(s * info.sampleRate) * blockAlign);
  const from = byteAt(span.start);
  const length = byteAt(span.end) - from;
  const input = await open(source, 'r');
  const output = await open(target, 'w');
  try {
    await output.write(wavHeader(info, length));
    const buffer = Buffer.alloc(1 << 20);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await input.read(
        buffer,
        0,
        Math.min(buffer.length, length - done),
        info.dataOffset + from + done,
      );
      if (bytesRead === 0) break;
      await output.write(buffer.subarray(0, bytesRead));
      done += bytesRead;
    }
  } finally {
    await input.close();
    await output.close();
  }
}
