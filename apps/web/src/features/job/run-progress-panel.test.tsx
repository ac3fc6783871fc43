// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobInstance } from '@roughcut/shared';
import { InstanceIndicator } from './instance-indicator.tsx';
import { RunProgressPanel } from './run-progress-panel.tsx';

afterEach(cleanup);

const run = (over: Partial<JobInstance>): JobInstance => ({
  id: 'i',
  auto_job_id: 'j',
  status: 'processing',
  confirmed: false,
  failure_reason: null,
  ...over,
});

describe("the job page's run progress", () => {
  it('shows the stage, the time left and the analysis stages done beside "Loading..."', () => {
    render(
      <RunProgressPanel
        instance={run({ progress: 0.61, stage: 'transcribing', seconds_left: 125 })}
      />,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.getByTestId('run-stage').textContent).toBe('Transcribing');
    expect(screen.getByTestId('run-time-left').textContent).toBe('about 3 min left');
    expect(
      screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow'),
    ).toBe('61');
    const stages = within(screen.getByRole('list', { name: 'Stages' })).getAllByRole('listitem');
    expect(stages.map((s) => s.textContent)).toEqual([
      'Reading the video',
      'Finding speech',
      'Transcribing',
      'Aligning words',
      'Finding clips',
    ]);
    expect(stages[2]?.getAttribute('aria-current')).toBe('step');
  });

  it('names the clip of a render, without the analysis stages', () => {
    render(
      <RunProgressPanel
        instance={run({
          confirmed: true,
          progress: 0.3,
          stage: 'rendering',
          stage_clip: { number: 2, count: 4 },
          seconds_left: 5,
        })}
      />,
    );
    expect(screen.getByTestId('run-stage').textContent).toBe('Rendering clip 2 of 4');
    expect(screen.getByTestId('run-time-left').textContent).toBe('a few seconds left');
    expect(screen.queryByRole('list', { name: 'Stages' })).toBeNull();
  });

  it('keeps the indicator\'s "Processing... N%" and puts the stage beside it', () => {
    render(
      <InstanceIndicator instance={run({ progress: 0.42, stage: 'aligning', seconds_left: 40 })} />,
    );
    expect(screen.getByTestId('instance-indicator').textContent).toBe('Processing... 42%');
    expect(screen.getByTestId('instance-stage').textContent).toBe(
      'Aligning words · less than a minute left',
    );
  });

  it('adds nothing to an indicator that is not processing', () => {
    render(<InstanceIndicator instance={run({ status: 'finished', stage: null })} />);
    expect(screen.getByTestId('instance-indicator').textContent).toBe('Finished.');
    expect(screen.queryByTestId('instance-stage')).toBeNull();
  });
});
