import { JOB_POLL_MS } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { autojobsApi } from './autojobs.api.ts';
import { queryKeys } from './query-keys.ts';
import { isRunning } from '../lib/status-labels.rules.ts';

const jobRunning = (job: AutoJob) =>
  isRunning({ status: job.status, confirmed: job.job_instance?.confirmed === true });

/** The edits list; re-polled every 5 s while any job is running (SPEC 9). */
export const autojobListQuery = queryOptions({
  queryKey: queryKeys.autojobs,
  queryFn: ({ signal }) => autojobsApi.list(signal),
  refetchInterval: (query) => (query.state.data?.some(jobRunning) ? JOB_POLL_MS : false),
});

/**
 * One job; re-polled every 5 s while pending, processing, or awaiting-confirmation after
 * Continue (SPEC 4.1). A load failure clears the job (SPEC 8), so errors are not alerted.
 */
export const autojobQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.autojob(id),
    queryFn: ({ signal }) => autojobsApi.get(id, signal),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && jobRunning(job) ? JOB_POLL_MS : false;
    },
  });

/** Languages the server can transcribe; they rarely change. */
export const languagesQuery = queryOptions({
  queryKey: queryKeys.languages,
  queryFn: ({ signal }) => autojobsApi.languages(signal),
  staleTime: 10 * 60_000,
});

export const useAutojobs = () => useQuery(autojobListQuery);
export const useAutojob = (id: string) => useQuery(autojobQuery(id));
export const useLanguages = () => useQuery(languagesQuery);
