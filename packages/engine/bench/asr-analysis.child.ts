// One whole analysis in a process of its own, so `./roughcut bench asr` measures its peak memory
// without what the bench itself holds (the development set's models and buffers). Prints JSON.
// Usage: node asr-analysis.child.ts <video> <workDir> <default|pocketsphinx>
import { readFileSync } from 'node:fs';
import { analyseVideo } from '../src/pipeline/analyse.ts';
import { createTranscriber } from '../src/transcribe/index.ts';
import { transcriberConfigFromEnv } from '../src/languages/available-languages.ts';
import type { TranscriberConfig } from '../src/types.ts';

const [video, workDir, engine] = process.argv.slice(2);
if (!video || !workDir) throw new Error('usage: asr-analysis.child.ts <video> <workDir> <engine>');
const config: TranscriberConfig =
  engine === 'pocketsphinx' ? { pocketsphinx: true } : transcriberConfigFromEnv(process.env);
const started = performance.now();
const analysis = await analyseVideo(video, {
  workDir,
  language: 'en',
  maxWordsInPhrase: 5,
  steps: { longForm: true, shortForm: true },
  transcriber: config,
});
// NOTE: CPU seconds of this process and of the children it waited for (ffmpeg, the aligner): on a
// shared machine the wall time says more about the neighbours than about the analysis.
const stat = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(stat[i]), 0);
process.stdout.write(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: ticks / 100,
    words: analysis.words.length,
    engine: (await createTranscriber(config, 'en')).name,
  }),
);
