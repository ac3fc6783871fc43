// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DRAW_SETTINGS, customConfirmClipRequestSchema } from '@roughcut/shared';
import type { Clip, FramingPlan } from '@roughcut/shared';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { clipsApi } from '../../api/clips.api.ts';
import { FINDING_SPEAKER } from '../../playback/reframe-layer.tsx';
import { ClipEditor } from './clip-editor.tsx';
import { createSubtitleRenderer } from '../../playback/subtitle-renderer.ts';
import { FIXTURE_CLIP, FIXTURE_GAPS } from './clip-screen.fixtures.ts';

// NOTE: jassub (wasm in a worker) cannot start in happy-dom; the overlay is covered on its own.
vi.mock('../../playback/subtitle-renderer.ts', () => ({
  createSubtitleRenderer: vi.fn(() => new Promise(() => undefined)),
  updateSubtitleRenderer: vi.fn(),
}));

const CLIP = FIXTURE_CLIP;
const GAPS = FIXTURE_GAPS;

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.stubGlobal('alert', (message?: unknown) => {
    alerts.push(String(message));
  });
  vi.spyOn(clipsApi, 'waveform').mockResolvedValue({ start: 1, rate: 10, peaks: [] });
  vi.spyOn(clipsApi, 'framing').mockResolvedValue({ state: 'pending', plan: null });
  vi.spyOn(clipsApi, 'saveDraft').mockResolvedValue({ saved_at: new Date().toISOString() });
  vi.spyOn(clipsApi, 'deleteDraft').mockResolvedValue({ ok: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderEditor(clip: Clip = CLIP, editable = true, videoUrl?: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/manage/automation/:job_id/clip/:clip_id',
        element: (
          <ClipEditor
            clip={clip}
            instance={{ jobId: 'job-1', instanceId: 'instance-1' }}
            editable={editable}
            videoUrl={videoUrl}
            videoPending={videoUrl === undefined}
          />
        ),
      },
      { path: '/manage/automation/:job_id', element: <h1>Job page</h1> },
    ],
    { initialEntries: ['/manage/automation/job-1/clip/clip-1'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const button = (name: string) => screen.getByRole('button', { name });
const steps = () => screen.getByRole('list', { name: 'Steps' });
const stepMarks = () =>
  ['speech-gaps', 'subtitles'].map((step) =>
    screen.queryByTestId(`${step}-confirmed`) ? 'tick' : 'cross',
  );

describe('the clip confirmation screen', { timeout: 60_000 }, () => {
  it('starts on Speech Gaps with nothing confirmed and toggles the selected step', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    expect(within(steps()).getByRole('button', { name: /Speech Gaps/ }).className).toContain(
      'Mui-selected',
    );
    expect(stepMarks()).toEqual(['cross', 'cross']);
    expect(screen.getByText('Detected 3 words')).toBeTruthy();
    expect(screen.getByText('80.67% confidence score')).toBeTruthy();
    expect(screen.getByText('Generated from voice recognition')).toBeTruthy();

    await user.click(button('Confirm Edit'));
    expect(stepMarks()).toEqual(['tick', 'cross']);
    expect(button('Unconfirm Edit')).toBeTruthy();

    await user.click(within(steps()).getByRole('button', { name: /Subtitles/ }));
    expect(button('Confirm Edit')).toBeTruthy();
    expect(screen.getByTestId('invalid-phrases').textContent).toBe('1 / 3 invalid phrases');

    await user.click(button('Confirm Edit'));
    expect(stepMarks()).toEqual(['tick', 'tick']);
    await user.click(button('Unconfirm Edit'));
    expect(stepMarks()).toEqual(['tick', 'cross']);
    await user.click(button('Confirm All'));
    expect(stepMarks()).toEqual(['tick', 'tick']);
  });

  it('refuses to submit with no confirmed step', async () => {
    const confirm = vi.spyOn(clipsApi, 'confirm');
    renderEditor();
    await userEvent.click(button('Submit Confirm'));
    expect(alerts).toEqual([
      'Unable to submit - you have not confirmed any edits yet for this clip.',
    ]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('sends only the cut when only Speech Gaps is confirmed, then opens the job page', async () => {
    const confirm = vi.spyOn(clipsApi, 'confirm').mockResolvedValue({ ...CLIP, confirmed: true });
    const router = renderEditor();
    await userEvent.click(button('Confirm Edit'));
    await userEvent.click(button('Submit Confirm'));
    await screen.findByRole('heading', { name: 'Job page' });
    expect(router.state.location.pathname).toBe('/manage/automation/job-1');
    expect(confirm).toHaveBeenCalledWith({ jobId: 'job-1', instanceId: 'instance-1' }, 'clip-1', {
      cut: GAPS,
    });
    expect(alerts).toEqual([]);
  });

  it('sends the style and the edited phrases with Subtitles, and the cut with both', async () => {
    const user = userEvent.setup({ delay: null });
    const confirm = vi.spyOn(clipsApi, 'confirm').mockResolvedValue({ ...CLIP, confirmed: true });
    renderEditor();
    await user.click(within(steps()).getByRole('button', { name: /Subtitles/ }));
    const second = screen.getByRole('textbox', { name: 'Text of phrase 2' });
    await user.clear(second);
    await user.type(second, 'rough cuts save hours');
    await user.click(screen.getByRole('button', { name: 'Delete phrase 3' }));
    await user.click(button('Confirm All'));
    await user.click(button('Submit Confirm'));
    await screen.findByRole('heading', { name: 'Job page' });
    const payload = confirm.mock.calls[0]?.[2];
    expect(payload).toEqual({
      cut: GAPS,
      subtitle: { ...DEFAULT_DRAW_SETTINGS, size: 24 },
      phrases: [
        { start: 1, end: 2.5, phrase: 'welcome to the show' },
        { start: 3, end: 4.25, phrase: 'rough cuts save hours' },
      ],
    });
    expect(customConfirmClipRequestSchema.safeParse(payload).success).toBe(true);
  });

  it("alerts the server's err when the confirm fails and keeps every edit", async () => {
    const user = userEvent.setup({ delay: null });
    let reject: (error: unknown) => void = () => undefined;
    vi.spyOn(clipsApi, 'confirm').mockImplementation(
      () => new Promise((_resolve, fail) => (reject = fail)),
    );
    renderEditor();
    await user.click(within(steps()).getByRole('button', { name: /Subtitles/ }));
    await user.type(screen.getByRole('textbox', { name: 'Text of phrase 1' }), '!');
    await user.click(button('Confirm Edit'));
    await user.click(button('Submit Confirm'));
    // Confirming: the Loading indicator shows and the top bar waits.
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(button('Confirm All')).toHaveProperty('disabled', true);
    reject(new ApiError(400, 'Gap gap-9 lies outside the clip.'));
    await waitFor(() => expect(alerts).toEqual(['Gap gap-9 lies outside the clip.']));
    expect(button('Confirm All')).toHaveProperty('disabled', false);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Text of phrase 1' })).toHaveProperty(
      'value',
      'welcome to the show!',
    );
  });

  it('plays and pauses with Space on the Subtitles step, but not while typing a phrase', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor(CLIP, true, '/media/source.mp4');
    await user.click(within(steps()).getByRole('button', { name: /Subtitles/ }));
    expect(createSubtitleRenderer).toHaveBeenCalled();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
    await screen.findByRole('button', { name: 'Pause' });
    await user.keyboard(' ');
    await screen.findByRole('button', { name: 'Play' });

    const first = screen.getByRole('textbox', { name: 'Text of phrase 1' });
    await user.type(first, ' now');
    expect(first).toHaveProperty('value', 'welcome to the show now');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("previews the render's cut: the stored gaps until Speech Gaps is confirmed", async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await user.click(within(steps()).getByRole('button', { name: /Subtitles/ }));
    expect(screen.getByTestId('preview-cut').textContent).toBe(
      'Plays the current cut: confirm Speech Gaps to render your gap edits.',
    );
    await user.click(within(steps()).getByRole('button', { name: /Speech Gaps/ }));
    await user.click(button('Confirm Edit'));
    await user.click(within(steps()).getByRole('button', { name: /Subtitles/ }));
    expect(screen.getByTestId('preview-cut').textContent).toBe(
      'Plays your confirmed speech-gap edits, as the render will cut them.',
    );
  });

  it('hides the top bar when the clip cannot be edited', () => {
    renderEditor({ ...CLIP, status: 'finished', confirmed: true }, false);
    expect(screen.queryByRole('toolbar', { name: 'Clip actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Confirm' })).toBeNull();
  });

  it('sends the picked framing with the confirm and shows the stored one on reload', async () => {
    const user = userEvent.setup({ delay: null });
    const confirm = vi.spyOn(clipsApi, 'confirm').mockResolvedValue({ ...CLIP, confirmed: true });
    renderEditor();
    const group = screen.getByRole('group', { name: 'Vertical framing' });
    expect(within(group).getByRole('button', { name: 'Centre' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(group).getByRole('button', { name: 'Follow speaker' }));
    await user.click(button('Confirm Edit'));
    await user.click(button('Submit Confirm'));
    await screen.findByRole('heading', { name: 'Job page' });
    const body = confirm.mock.calls[0]?.[2];
    expect(body).toEqual({ cut: GAPS, reframe: 'follow' });
    expect(customConfirmClipRequestSchema.parse(body)).toEqual(body);
    cleanup();

    renderEditor({ ...CLIP, reframe: 'split' });
    const reloaded = screen.getByRole('group', { name: 'Vertical framing' });
    expect(
      within(reloaded).getByRole('button', { name: 'Split' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('previews a picked framing before the confirm, finding the speaker meanwhile', async () => {
    const user = userEvent.setup({ delay: null });
    const split: FramingPlan = {
      mode: 'split',
      places: [
        { cx: 0.25, cy: 0.4 },
        { cx: 0.75, cy: 0.4 },
      ],
    };
    const framing = vi
      .spyOn(clipsApi, 'framing')
      .mockImplementation((_ref, _clipId, reframe) =>
        Promise.resolve(
          reframe === 'split' ? { state: 'ready', plan: split } : { state: 'pending', plan: null },
        ),
      );
    renderEditor(CLIP, true, '/media/source.mp4');
    const group = screen.getByRole('group', { name: 'Vertical framing' });
    expect(screen.queryByRole('status')).toBeNull();
    // NOTE: the centre crop needs no plan: nothing is asked before a pick.
    expect(framing).not.toHaveBeenCalled();

    await user.click(within(group).getByRole('button', { name: 'Follow speaker' }));
    expect((await screen.findByRole('status')).textContent).toBe(FINDING_SPEAKER);
    expect(framing).toHaveBeenCalledWith(
      expect.objectContaining({ clipId: CLIP.id }),
      CLIP.id,
      'follow',
      expect.anything(),
    );
    expect(screen.queryByText(/once the clip is confirmed/)).toBeNull();

    await user.click(within(group).getByRole('button', { name: 'Split' }));
    await screen.findByTestId('reframe-split');
    expect(screen.queryByRole('status')).toBeNull();
    expect(framing).toHaveBeenCalledWith(
      expect.objectContaining({ clipId: CLIP.id }),
      CLIP.id,
      'split',
      expect.anything(),
    );
  });

  it('offers no framing for long form, and a locked one once confirmed', () => {
    renderEditor({ ...CLIP, is_long_form: true });
    expect(screen.queryByRole('group', { name: 'Vertical framing' })).toBeNull();
    cleanup();
    renderEditor({ ...CLIP, status: 'finished', confirmed: true, reframe: 'follow' }, false);
    const group = screen.getByRole('group', { name: 'Vertical framing' });
    const follow = within(group).getByRole('button', { name: 'Follow speaker' });
    expect(follow.getAttribute('aria-pressed')).toBe('true');
    expect((follow as HTMLButtonElement).disabled).toBe(true);
  });
});
