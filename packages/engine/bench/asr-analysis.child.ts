// One whole analysis in a process of its own, so `./roughcut bench asr` measures its peak memory
// without what the bench itself holds (the development set's models and buffers). Prints JSON.
// Usage: node asr-analysis.child.ts <video> <workDir> <default|pocketsphinx>
import { analyseVideo } from '../src/pipeline/analyse.ts';
import { createTranscriber, transcriberConfigFromEnv } from '../src/transcribe/index.ts';
import type { TranscriberConfig } from '../src/transcribe/index.ts';

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
process.stdout.write(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    words: analysis.words.length,
    engine: (await createTranscriber(config, 'en')).name,
  }),
);
