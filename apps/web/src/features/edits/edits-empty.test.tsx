// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoEditsFound, NoEditsYet } from './edits-empty.tsx';
import {
  NO_EDITS_FOUND,
  NO_EDITS_YET_SUBTITLE,
  NO_EDITS_YET_TITLE,
} from '../../lib/job-list.rules.ts';

afterEach(cleanup);

describe('the empty edits list', () => {
  it('says nothing was edited yet and opens the create panel from its button', async () => {
    const onCreate = vi.fn();
    render(<NoEditsYet onCreate={onCreate} />);
    expect(screen.getByRole('heading', { name: NO_EDITS_YET_TITLE })).toBeTruthy();
    expect(screen.getByText(NO_EDITS_YET_SUBTITLE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit a video' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('says no edit matches the filters', () => {
    render(<NoEditsFound />);
    expect(screen.getByText(NO_EDITS_FOUND)).toBeTruthy();
  });
});
