// A filler case made into a video and analysed as a long-form edit would be, for the fillers'
// integration test and bench, which must measure the same analysis.
import { join } from 'node:path';
import { analyseVideo } from '../pipeline/analyse.ts';
import type { Analysis } from '../pipeline/analyse.ts';
import { makeFillerVideo } from './filler-corpus.ts';
import type { FillerCase, FillerVideo } from './filler-corpus.ts';

/** Writes the case's video under `dir`/<name> and analyses it there. */
export async function analyseFillerCase(
  c: FillerCase,
  dir: string,
): Promise<{ video: FillerVideo; analysis: Analysis }> {
  const video = await makeFillerVideo(c, join(dir, c.name));
  const analysis = await analyseVideo(video.path, {
    workDir: join(dir, c.name, 'work'),
    language: 'en',
    maxWordsInPhrase: 5,
    steps: { longForm: true, shortForm: false },
  });
  return { video, analysis };
}
