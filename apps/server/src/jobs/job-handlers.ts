// The checks a process runs on the job list before it touches the queue: every queue names a
// handler, and a process that works on the queues loads each one and finds the queue's own code.
import type { JobHandler, ListedJob } from './job.ts';

/** The job list is not one a process may start with (the message names the queue). */
export class JobListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobListError';
  }
}

/**
 * Refuses a list in which a queue is listed twice, has no handler to load, or sends its given-up
 * jobs to a queue that is not listed (pg-boss would move them where no worker looks).
 */
export function checkJobList(list: readonly ListedJob[]): void {
  const names = new Set<string>();
  for (const job of list) {
    if (names.has(job.name)) throw new JobListError(`The queue ${job.name} is listed twice.`);
    names.add(job.name);
    if (typeof job.loadHandler !== 'function') {
      throw new JobListError(`The queue ${job.name} has no handler.`);
    }
  }
  for (const job of list) {
    const deadLetter = job.queue?.deadLetter;
    if (deadLetter !== undefined && !names.has(deadLetter)) {
      throw new JobListError(
        `The queue ${job.name} gives up into ${deadLetter}, which is not in the job list.`,
      );
    }
  }
}

/**
 * Loads every listed queue's handler, in the list's order. Refuses a queue whose loader finds no
 * handler, or the handler of another queue (a wrong export would run one queue's jobs with
 * another's code).
 */
export async function loadJobHandlers(list: readonly ListedJob[]): Promise<JobHandler[]> {
  checkJobList(list);
  const handlers: JobHandler[] = [];
  for (const job of list) {
    const handler: JobHandler | undefined = await job.loadHandler();
    if (typeof handler?.handle !== 'function') {
      throw new JobListError(`The queue ${job.name} has no handler.`);
    }
    if (handler.name !== job.name) {
      throw new JobListError(
        `The queue ${job.name} names the handler of ${handler.name} instead of its own.`,
      );
    }
    handlers.push(handler);
  }
  return handlers;
}
