// The pipeline module's one public entry: the queue-job handlers that run an edit (they load the
// engine, so only processes that work on the queues import them) and the leftovers sweep.
export { analyseHandler } from './analyse.job.ts';
export { renderHandler } from './render.job.ts';
export { frameClipsHandler } from './frame-clips.job.ts';
export { runGaveUpHandler } from './run-gave-up.job.ts';
export { sweepLeftoversHandler } from './sweep-leftovers.job.ts';
export { sweepLeftovers } from './leftovers.service.ts';
