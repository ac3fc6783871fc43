// Enqueuing must not load the engine: a process that only queues jobs (the server beside worker
// processes) imports the job list, and the list imports the handlers (and the engine behind them)
// only when a process starts working on the queues. Checked in a fresh node process, whose module
// loader reports every file it loads.
import { describe, expect, it } from 'vitest';
import { runRecordingLoads } from './test/module-loads.ts';

const JOB_LIST = new URL('./job-list.ts', import.meta.url).href;
const JOB_HANDLERS = new URL('./jobs/job-handlers.ts', import.meta.url).href;

const SCRIPT = `
const heavy = () => ({
  engine: loaded.filter((url) => url.includes('/packages/engine/src/')).length,
  handlers: loaded.filter((url) => /\\/modules\\/pipeline\\/[^/]+\\.job\\.ts$/.test(url)).map((url) => url.split('/').pop()).sort(),
});
const { jobList } = await import(${JSON.stringify(JOB_LIST)});
const listed = heavy();
const { loadJobHandlers } = await import(${JSON.stringify(JOB_HANDLERS)});
const handlers = await loadJobHandlers(jobList);
console.log(JSON.stringify({ queues: jobList.map((job) => job.name), listed, handlers: handlers.map((h) => h.name), working: heavy() }));
`;

describe('the job list', () => {
  it('loads no handler and no engine until a process works on the queues', async () => {
    const report = await runRecordingLoads<{
      queues: string[];
      listed: { engine: number; handlers: string[] };
      handlers: string[];
      working: { engine: number; handlers: string[] };
    }>(SCRIPT);
    expect(report.queues).toEqual([
      'send-mail',
      'cleanup-auth',
      'instance-gave-up',
      'analyse-job',
      'render-job',
      'frame-clips',
      'sweep-leftovers',
      'deliver-webhook',
      'dispatch-webhooks',
    ]);
    expect(report.listed).toEqual({ engine: 0, handlers: [] });
    // Every queue has its own handler, and working on them loads the engine.
    expect(report.handlers).toEqual(report.queues);
    expect(report.working.engine).toBeGreaterThan(0);
    expect(report.working.handlers).toEqual([
      'analyse.job.ts',
      'frame-clips.job.ts',
      'render.job.ts',
      'run-gave-up.job.ts',
      'sweep-leftovers.job.ts',
    ]);
  });
});
