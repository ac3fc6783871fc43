// Enqueuing must not load the engine: a process that only queues jobs (the server beside worker
// processes) imports the job list, and the list imports the handlers (and the engine behind them)
// only when a process starts working on the queues. Checked in a fresh node process, whose module
// loader reports every file it loads.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const JOB_LIST = new URL('./job-list.ts', import.meta.url).href;
const JOB_HANDLERS = new URL('./jobs/job-handlers.ts', import.meta.url).href;

const SCRIPT = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
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
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--eval', SCRIPT],
      { env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as {
      queues: string[];
      listed: { engine: number; handlers: string[] };
      handlers: string[];
      working: { engine: number; handlers: string[] };
    };
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
