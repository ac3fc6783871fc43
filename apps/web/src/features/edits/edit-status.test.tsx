// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AutoJob, JobInstance } from '@roughcut/shared';
import { EditStatus } from './edit-status.tsx';

afterEach(cleanup);

const job = (instance: Partial<JobInstance> & Pick<JobInstance, 'status'>): AutoJob => ({
  id: 'job-1',
  name: 'Talk',
  status: instance.status,
  steps: [{ step_type: 'short-form-clips' }],
  job_instance: {
    id: 'i',
    auto_job_id: 'job-1',
    confirmed: false,
    failure_reason: null,
    ...instance,
  },
  latest_job_instance_id: 'i',
  template_id: null,
  language: 'en',
  max_words_in_phrase: 5,
  created_at: 0,
  last_updated_at: 0,
});

describe('the edits list status', () => {
  it("keeps the spec's label and adds the stage, progress and time left of a processing run", () => {
    render(
      <EditStatus
        job={job({
          status: 'processing',
          progress: 0.426,
          stage: 'transcribing',
          seconds_left: 170,
        })}
      />,
    );
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByTestId('edit-stage').textContent).toBe(
      'Transcribing · 42% · about 3 min left',
    );
  });

  it('names the clip being rendered', () => {
    render(
      <EditStatus
        job={job({
          status: 'processing',
          confirmed: true,
          progress: 0.5,
          stage: 'rendering',
          stage_clip: { number: 2, count: 4 },
          seconds_left: 20,
        })}
      />,
    );
    expect(screen.getByTestId('edit-stage').textContent).toBe(
      'Rendering clip 2 of 4 · 50% · less than a minute left',
    );
  });

  it('adds nothing when the run reports no stage, or is not processing', () => {
    render(<EditStatus job={job({ status: 'pending' })} />);
    render(<EditStatus job={job({ status: 'finished', stage: null })} />);
    expect(screen.queryByTestId('edit-stage')).toBeNull();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Finished')).toBeTruthy();
  });
});
