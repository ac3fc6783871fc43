// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { TRIAL_EXHAUSTED_MESSAGE } from '@roughcut/shared';
import type { Asset, AutoJob } from '@roughcut/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { assetsApi } from '../../api/assets.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { FinishedVideos } from './finished-videos.tsx';

const job: AutoJob = {
  id: 'job-1',
  name: 'My talk',
  status: 'finished',
  steps: [],
  job_instance: null,
  latest_job_instance_id: 'instance-1',
  template_id: null,
  language: 'en',
  max_words_in_phrase: 3,
  created_at: 1_700_000_000,
  last_updated_at: 1_700_000_000,
};
const video: Asset = {
  id: 'asset-1',
  name: 'My talk - clip 1.mp4',
  asset_type: 'edited_video',
  size: 1000,
  uploaded_amount: 1000,
  status: 'uploaded',
};

let alerts: string[];
let lastClient: QueryClient | undefined;
beforeEach(() => {
  alerts = [];
  vi.stubGlobal('alert', (message?: unknown) => alerts.push(String(message)));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderVideos() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  lastClient = client;
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FinishedVideos job={job} videos={[video]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the finished videos', () => {
  it('shows a run refused at 0 edits remaining with the upgrade message, not Loading', async () => {
    vi.spyOn(assetsApi, 'url').mockRejectedValue(new ApiError(403, TRIAL_EXHAUSTED_MESSAGE));
    vi.spyOn(assetsApi, 'downloadUrl').mockRejectedValue(
      new ApiError(403, TRIAL_EXHAUSTED_MESSAGE),
    );
    renderVideos();
    const notice = await screen.findByTestId('finished-video-refused');
    expect(notice.textContent).toContain(TRIAL_EXHAUSTED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/account/billing',
    );
    // The run itself is there: its heading, its name and the Download button.
    expect(screen.getByRole('heading', { name: 'Your edited video is ready' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: video.name })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(alerts).toEqual([TRIAL_EXHAUSTED_MESSAGE]));
  });

  it('offers to try again when the link fails for another reason', async () => {
    const url = vi
      .spyOn(assetsApi, 'url')
      .mockRejectedValueOnce(new ApiError(500, undefined))
      .mockResolvedValue({ url: '/media/clip-1.mp4' });
    renderVideos();
    expect((await screen.findByTestId('finished-video-refused')).textContent).toContain(
      'This video could not be loaded. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('finished-video-refused')).toBeNull());
    expect(url).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText(video.name).getAttribute('src')).toBe('/media/clip-1.mp4#t=0.001');
  });

  it('keeps playing the link it has when a renewal of it fails', async () => {
    vi.spyOn(assetsApi, 'url')
      .mockResolvedValueOnce({ url: '/media/clip-1.mp4' })
      .mockRejectedValue(new ApiError(500, undefined));
    renderVideos();
    const player = await screen.findByLabelText(video.name);
    // NOTE: query results reach the component at once, so the render after the refetch is in.
    notifyManager.setScheduler((callback) => callback());
    try {
      await act(() => lastClient?.refetchQueries());
    } finally {
      notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    }
    expect(assetsApi.url).toHaveBeenCalledTimes(2);
    expect(lastClient?.getQueryState(queryKeys.assetUrl(job.id, video.id))?.status).toBe('error');
    expect(screen.queryByTestId('finished-video-refused')).toBeNull();
    expect(player.getAttribute('src')).toBe('/media/clip-1.mp4#t=0.001');
  });
});
