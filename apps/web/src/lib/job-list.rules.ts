import { isAwaitingUser, isRunning } from './status-labels.rules.ts';
import type { JobLike } from './status-labels.rules.ts';

// SPEC 2.6: the overview box, its filters and the row order of the edits list.

export const OVERVIEW_FILTERS = [
  'running',
  'finished',
  'awaiting-confirmation',
  'failures',
] as const;
export type OverviewFilter = (typeof OVERVIEW_FILTERS)[number];

export const OVERVIEW_LABELS: Record<OverviewFilter, string> = {
  running: 'Running',
  finished: 'Finished',
  'awaiting-confirmation': 'Awaiting Confirmation',
  failures: 'Failures',
};

export const NO_EDITS_FOUND = 'No video edits found';
export const NO_EDITS_YET_TITLE = 'No videos have been edited yet';
export const NO_EDITS_YET_SUBTITLE = 'Get started by editing a video';
export const ADD_STEP_FIRST = 'Please add at least one step first';
export const ALREADY_DOWNLOADING = 'Your video is already downloading';
export const EMAIL_UNCONFIRMED_NOTICE =
  'Your email is not yet confirmed. You can confirm your email by clicking the link sent to your email on sign-up.';

const withConfirmed = (job: JobLike) => ({
  status: job.status,
  confirmed: job.job_instance?.confirmed === true,
});

/**
 * Which overview count a job falls under, if any. Running is pending plus processing.
 * NOTE: awaiting-confirmation after Continue (confirmed) counts as Running, matching its pulsing
 * blue label; Awaiting Confirmation counts only the jobs waiting for the user.
 */
export const overviewCategory = (job: JobLike): OverviewFilter | null => {
  const s = withConfirmed(job);
  if (isAwaitingUser(s)) return 'awaiting-confirmation';
  if (isRunning(s)) return 'running';
  if (s.status === 'finished') return 'finished';
  if (s.status === 'failed') return 'failures';
  return null;
};

export type OverviewCounts = Record<OverviewFilter, number>;

export const countOverview = (jobs: readonly JobLike[]): OverviewCounts => {
  const counts: OverviewCounts = {
    running: 0,
    finished: 0,
    'awaiting-confirmation': 0,
    failures: 0,
  };
  for (const job of jobs) {
    const category = overviewCategory(job);
    if (category !== null) counts[category] += 1;
  }
  return counts;
};

/** Clicking a count toggles its filter. */
export const toggleOverviewFilter = (
  active: readonly OverviewFilter[],
  filter: OverviewFilter,
): OverviewFilter[] =>
  active.includes(filter) ? active.filter((f) => f !== filter) : [...active, filter];

/** No active filter shows every job; otherwise a job shows if it matches any active filter. */
export const matchesOverviewFilters = (
  job: JobLike,
  active: readonly OverviewFilter[],
): boolean => {
  if (active.length === 0) return true;
  const category = overviewCategory(job);
  return category !== null && active.includes(category);
};

/** The table's rows: filtered, newest last_updated_at first. */
export const visibleJobs = <T extends JobLike & { last_updated_at: number }>(
  jobs: readonly T[],
  active: readonly OverviewFilter[],
): T[] =>
  jobs
    .filter((job) => matchesOverviewFilters(job, active))
    .sort((a, b) => b.last_updated_at - a.last_updated_at);

/** SPEC 2.6: a row opens the job page only if the job has a step. */
export const canOpenJob = (job: { steps: readonly unknown[] }): boolean => job.steps.length > 0;
