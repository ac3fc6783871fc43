import { describe, expect, it } from 'vitest';
import type { JobStatus } from '@roughcut/shared';
import {
  ADD_STEP_FIRST,
  canOpenJob,
  countOverview,
  EMAIL_UNCONFIRMED_NOTICE,
  matchesOverviewFilters,
  NO_EDITS_FOUND,
  NO_EDITS_YET_SUBTITLE,
  NO_EDITS_YET_TITLE,
  OVERVIEW_LABELS,
  toggleOverviewFilter,
  visibleJobs,
} from './job-list.rules.ts';

const job = (status: JobStatus, last_updated_at = 0, confirmed = false) => ({
  status,
  last_updated_at,
  job_instance: status === 'created' ? null : { confirmed },
});

describe('overview counts (spec 2.6)', () => {
  it('counts Running as pending plus processing, and the other boxes', () => {
    const jobs = [
      job('pending'),
      job('processing'),
      job('finished'),
      job('finished'),
      job('awaiting-confirmation'),
      job('failed'),
      job('created'),
      job('cancelled'),
    ];
    expect(countOverview(jobs)).toEqual({
      running: 2,
      finished: 2,
      'awaiting-confirmation': 1,
      failures: 1,
    });
  });

  it('counts a confirmed awaiting job as running, not awaiting the user', () => {
    expect(countOverview([job('awaiting-confirmation', 0, true)])).toEqual({
      running: 1,
      finished: 0,
      'awaiting-confirmation': 0,
      failures: 0,
    });
  });

  it('labels the boxes as the spec does', () => {
    expect(Object.values(OVERVIEW_LABELS)).toEqual([
      'Running',
      'Finished',
      'Awaiting Confirmation',
      'Failures',
    ]);
  });
});

describe('filters', () => {
  it('toggles a filter on and off', () => {
    const on = toggleOverviewFilter([], 'running');
    expect(on).toEqual(['running']);
    expect(toggleOverviewFilter(on, 'failures')).toEqual(['running', 'failures']);
    expect(toggleOverviewFilter(on, 'running')).toEqual([]);
  });

  it('matches everything without filters and any active filter otherwise', () => {
    expect(matchesOverviewFilters(job('created'), [])).toBe(true);
    expect(matchesOverviewFilters(job('created'), ['running'])).toBe(false);
    expect(matchesOverviewFilters(job('pending'), ['running'])).toBe(true);
    expect(matchesOverviewFilters(job('failed'), ['running', 'failures'])).toBe(true);
  });

  it('sorts visible rows by last_updated_at, newest first', () => {
    const jobs = [job('failed', 10), job('finished', 30), job('pending', 20), job('failed', 40)];
    expect(visibleJobs(jobs, []).map((j) => j.last_updated_at)).toEqual([40, 30, 20, 10]);
    expect(visibleJobs(jobs, ['failures']).map((j) => j.last_updated_at)).toEqual([40, 10]);
  });
});

describe('list texts and row rules', () => {
  it('opens a job only with at least one step', () => {
    expect(canOpenJob({ steps: [] })).toBe(false);
    expect(canOpenJob({ steps: [{ step_type: 'short-form-clips' }] })).toBe(true);
    expect(ADD_STEP_FIRST).toBe('Please add at least one step first');
  });

  it('uses the spec texts', () => {
    expect(NO_EDITS_FOUND).toBe('No video edits found');
    expect(NO_EDITS_YET_TITLE).toBe('No videos have been edited yet');
    expect(NO_EDITS_YET_SUBTITLE).toBe('Get started by editing a video');
    expect(EMAIL_UNCONFIRMED_NOTICE).toBe(
      'Your email is not yet confirmed. You can confirm your email by clicking the link sent to your email on sign-up.',
    );
  });
});
