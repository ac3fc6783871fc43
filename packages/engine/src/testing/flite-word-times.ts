// The true time of every word of the generated corpus: flite prints each phone's end as it speaks
// (`-psdur`), and its own letter-to-sound (`t2p`) says how many phones each word has. Word times
// are placed as `speakSentence` places the sentence: from the first sample above its threshold.
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CorpusVideo } from './speech-corpus.ts';
import { findSoundRange, parseWav } from './wav.ts';

const execFileAsync = promisify(execFile);

export type TrueWord = { text: string; start: number; end: number };

const phonesOf = (printed: string) =>
  printed
    .trim()
    .split(/\s+/)
    .filter((p) => p && !p.startsWith('pau'));

async function phoneCount(word: string): Promise<number> {
  const { stdout } = await execFileAsync('t2p', [word]);
  return phonesOf(stdout).length;
}

/** Word times of one sentence, in seconds from its first audible sample. */
export async function fliteWordTimes(
  text: string,
  workDir: string,
  voice: string,
  stretch?: number,
): Promise<TrueWord[]> {
  const file = path.join(
    workDir,
    `truth-${process.pid}-${Math.random().toString(36).slice(2)}.wav`,
  );
  const stretchArgs = stretch === undefined ? [] : ['--setf', `duration_stretch=${stretch}`];
  try {
    const { stdout } = await execFileAsync('flite', [
      '-voice',
      voice,
      ...stretchArgs,
      '-psdur',
      '-t',
      text,
      '-o',
      file,
    ]);
    const pcm = parseWav(await readFile(file));
    const range = findSoundRange(pcm.samples);
    const first = (range?.first ?? 0) / pcm.sampleRate;
    // NOTE: the corpus keeps only the audible samples, so a truth outside them is clamped.
    const pcmEnd = ((range?.last ?? 0) + 1) / pcm.sampleRate - first;
    const segments = stdout
      .trim()
      .split(/\s+/)
      .map((s) => {
        const [phone = '', end = ''] = s.split(':');
        return { phone, end: Number(end) };
      });
    const words = text.split(/\s+/).filter(Boolean);
    const counts = await Promise.all(words.map((w) => phoneCount(w.replace(/[.,!?]+$/, ''))));
    const out: TrueWord[] = [];
    let at = 0;
    let lastEnd = 0;
    words.forEach((word, i) => {
      while (segments[at]?.phone === 'pau') lastEnd = segments[at++]?.end ?? lastEnd;
      // A word starts where the sound before it (a phone or flite's pause) ends.
      const start = lastEnd;
      for (let k = 0; k < (counts[i] ?? 0); k++) {
        const segment = segments[at++];
        if (!segment || segment.phone === 'pau') {
          throw new Error(`flite spoke other phones than t2p counts for: ${text}`);
        }
        lastEnd = segment.end;
      }
      out.push({
        text: word,
        start: Math.max(0, start - first),
        end: Math.min(pcmEnd, lastEnd - first),
      });
    });
    if (segments.slice(at).some((s) => s.phone !== 'pau')) {
      throw new Error(`flite spoke more phones than t2p counts for: ${text}`);
    }
    return out;
  } finally {
    await rm(file, { force: true });
  }
}

/** Every word of a corpus video with its time in the video. */
export async function corpusWordTimes(video: CorpusVideo, workDir: string): Promise<TrueWord[][]> {
  const { voice, stretch } = video.corpusCase;
  return Promise.all(
    video.sentences.map(async (sentence) =>
      (await fliteWordTimes(sentence.text, workDir, voice, stretch)).map((w) => ({
        text: w.text,
        start: Math.round((sentence.start + w.start) * 1000) / 1000,
        end: Math.round((sentence.start + w.end) * 1000) / 1000,
      })),
    ),
  );
}
