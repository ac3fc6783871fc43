// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clip } from '@roughcut/shared';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { assetsApi } from '../../api/assets.api.ts';
import { autojobsApi } from '../../api/autojobs.api.ts';
import { clipsApi } from '../../api/clips.api.ts';
import { ClipScreenPage } from './clip-screen.page.tsx';
import { FIXTURE_CLIP, FIXTURE_JOB } from './clip-screen.fixtures.ts';

beforeEach(() => {
  vi.spyOn(autojobsApi, 'get').mockResolvedValue(FIXTURE_JOB);
  vi.spyOn(assetsApi, 'list').mockResolvedValue({ assets: [] });
  vi.spyOn(clipsApi, 'waveform').mockResolvedValue({ start: 1, rate: 10, peaks: [] });
  vi.spyOn(clipsApi, 'draft').mockResolvedValue({ draft: null, saved_at: null });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // NOTE: a data router, as the app's: the screen asks before leaving with unsaved changes.
  const router = createMemoryRouter([
    { path: '/', element: <ClipScreenPage jobId="job-1" clipId="clip-1" /> },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const withClip = (clip: Partial<Clip>) =>
  vi.spyOn(clipsApi, 'get').mockResolvedValue({ ...FIXTURE_CLIP, ...clip });

describe('the clip screen states (SPEC 2.10)', { timeout: 60_000 }, () => {
  it('shows the failure reason of a failed clip', async () => {
    withClip({ status: 'failed', failure_reason: 'The render ran out of disk space.' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your video failed to edit' })).toBeTruthy();
    expect(screen.getByText('The render ran out of disk space.')).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Clip actions' })).toBeNull();
  });

  it.each([
    ['processing', { status: 'processing' as const }],
    ['confirmed and awaiting the render', { confirmed: true }],
  ])('shows a Loading indicator while %s, with no top bar', async (_name, change) => {
    withClip(change);
    renderPage();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rough cuts save hours' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Confirm' })).toBeNull();
  });

  it('opens the editor with its top bar while awaiting confirmation', async () => {
    withClip({});
    renderPage();
    expect(await screen.findByRole('button', { name: 'Submit Confirm' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rough cuts save hours' })).toBeTruthy();
    expect(screen.getByText('80.67% confidence score')).toBeTruthy();
  });

  it('resets to empty when the clip cannot be loaded', async () => {
    vi.spyOn(clipsApi, 'get').mockRejectedValue(new ApiError(404, 'Not found'));
    renderPage();
    expect(await screen.findByText('This clip could not be loaded')).toBeTruthy();
    expect(screen.queryByText(/Detected/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the video edit' }).getAttribute('href')).toBe(
      '/manage/automation/job-1',
    );
  });
});
