// The queue jobs of an edit's runs, as one list for the job list and the pipeline's handlers:
// analyse, render, the framing of the shorts, and where the queue hands a run it gave up on.
import { frameClipsJob } from './framing.queue-jobs.ts';
import { analyseJob, renderJob, runGaveUpJob } from './run.queue-jobs.ts';

export const runQueueJobs = {
  analyse: analyseJob,
  render: renderJob,
  frameClips: frameClipsJob,
  gaveUp: runGaveUpJob,
} as const;
