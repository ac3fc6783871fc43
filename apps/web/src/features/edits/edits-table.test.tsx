// @vitest-environment happy-dom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutoJob } from '@roughcut/shared';
import { theme } from '../../components/theme.ts';
import { EditsTable } from './edits-table.tsx';

type HappyWindow = { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
const setViewport = (width: number) =>
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 844 });

afterEach(() => {
  cleanup();
  setViewport(1280);
});

const NOW_MS = 1_760_000_000_000;
const job = (name: string, status: AutoJob['status'], confirmed = false): AutoJob => ({
  id: `id-${name}`,
  name,
  status,
  steps: [{ step_type: 'optimised-long-form' }, { step_type: 'short-form-clips' }],
  job_instance:
    status === 'created'
      ? null
      : { id: 'i', auto_job_id: `id-${name}`, status, confirmed, failure_reason: null },
  latest_job_instance_id: null,
  template_id: null,
  language: 'en',
  max_words_in_phrase: 5,
  created_at: NOW_MS / 1000 - 7200,
  last_updated_at: NOW_MS / 1000 - 60,
});
const JOBS = [
  job('A rather long edit name that a phone has to wrap', 'awaiting-confirmation'),
  job('Finished talk', 'finished'),
];

function renderTable(onOpen = vi.fn(), onAction = vi.fn()) {
  render(
    <ThemeProvider theme={theme}>
      <EditsTable jobs={JOBS} nowMs={NOW_MS} onOpen={onOpen} onAction={onAction} />
    </ThemeProvider>,
  );
  return { onOpen, onAction };
}

describe('the edits list', () => {
  it('is a table with every column on a wide screen', () => {
    setViewport(1280);
    renderTable();
    const table = screen.getByRole('table', { name: 'Video edits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Steps', 'Status', 'Created', 'Last Updated', 'Actions']);
    expect(screen.getAllByTestId('edit-row')).toHaveLength(2);
  });

  it('turns each row into a card on a phone, keeping status, times and the row menu', async () => {
    setViewport(390);
    const { onOpen, onAction } = renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const rows = screen.getAllByTestId('edit-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Awaiting Confirmation')).toBeTruthy();
    expect(first.getByText('Optimised Long Form')).toBeTruthy();
    expect(first.getByText('Created 2 hours ago · Last updated 1 minute ago')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Finished')).toBeTruthy();

    await userEvent.click(first.getByText('A rather long edit name that a phone has to wrap'));
    expect(onOpen).toHaveBeenCalledWith(JOBS[0]);

    await userEvent.click(
      first.getByRole('button', {
        name: 'Actions for A rather long edit name that a phone has to wrap',
      }),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Add Step',
      'Delete Step',
      'Rename',
      'Delete',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(onAction).toHaveBeenCalledWith(JOBS[0], 'rename');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
