import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, handleJob, listJob } from './job.ts';
import type { JobHandler, ListedJob } from './job.ts';
import { JobListError, checkJobList, loadJobHandlers } from './job-handlers.ts';

const gaveUpJob = defineJob({ name: 'gave-up', payload: z.object({ id: z.string() }) });
const workJob = defineJob({
  name: 'work',
  payload: z.object({ id: z.string() }),
  queue: { deadLetter: gaveUpJob.name },
});
const ran: string[] = [];
const gaveUpHandler = handleJob(gaveUpJob, ({ id }) => {
  ran.push(`gave-up ${id}`);
  return Promise.resolve();
});
const workHandler = handleJob(workJob, ({ id }) => {
  ran.push(`work ${id}`);
  return Promise.resolve();
});

describe('loadJobHandlers', () => {
  it('loads each listed queue’s own handler, in the list’s order', async () => {
    const handlers = await loadJobHandlers([
      listJob(gaveUpJob, () => Promise.resolve(gaveUpHandler)),
      listJob(workJob, () => Promise.resolve(workHandler)),
    ]);
    expect(handlers.map((h) => h.name)).toEqual(['gave-up', 'work']);
    await handlers[1]?.handle({ id: 'a' }, {} as never);
    expect(ran).toEqual(['work a']);
  });

  it('refuses a queue whose loader finds no handler', async () => {
    const missing = listJob(workJob, () =>
      Promise.resolve(undefined as unknown as JobHandler<typeof workJob.payload>),
    );
    const list = [listJob(gaveUpJob, () => Promise.resolve(gaveUpHandler)), missing];
    await expect(loadJobHandlers(list)).rejects.toThrow(
      new JobListError('The queue work has no handler.'),
    );
  });

  it('refuses a queue that names another queue’s handler', async () => {
    const list = [
      listJob(gaveUpJob, () => Promise.resolve(gaveUpHandler)),
      listJob(workJob, () => Promise.resolve(gaveUpHandler as unknown as typeof workHandler)),
    ];
    await expect(loadJobHandlers(list)).rejects.toThrow(
      'The queue work names the handler of gave-up instead of its own.',
    );
  });
});

describe('checkJobList', () => {
  it('refuses a listed queue without a handler to load', () => {
    const noHandler = { ...workJob } as unknown as ListedJob;
    expect(() =>
      checkJobList([listJob(gaveUpJob, () => Promise.resolve(gaveUpHandler)), noHandler]),
    ).toThrow(new JobListError('The queue work has no handler.'));
  });

  it('refuses a dead letter that is not listed, and a queue listed twice', () => {
    const work = listJob(workJob, () => Promise.resolve(workHandler));
    expect(() => checkJobList([work])).toThrow(
      'The queue work gives up into gave-up, which is not in the job list.',
    );
    expect(() => checkJobList([work, work])).toThrow('The queue work is listed twice.');
  });

  it('accepts a list whose every queue names its handler', () => {
    expect(() =>
      checkJobList([
        listJob(workJob, () => Promise.resolve(workHandler)),
        listJob(gaveUpJob, () => Promise.resolve(gaveUpHandler)),
      ]),
    ).not.toThrow();
  });
});
