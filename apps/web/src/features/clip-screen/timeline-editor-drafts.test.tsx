// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClipDraft } from '@roughcut/shared';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { assetsApi } from '../../api/assets.api.ts';
import { autojobsApi } from '../../api/autojobs.api.ts';
import { clipsApi } from '../../api/clips.api.ts';
import { draftOfEdits, loadedEditsState } from './clip-draft.rules.ts';
import { FIXTURE_CLIP, FIXTURE_JOB } from './clip-screen.fixtures.ts';
import { TimelineEditorPage } from './timeline-editor.page.tsx';

// Issue 31 on the standalone timeline editor: it opens the user's draft of the clip (its gaps
// edited here, the rest kept as is), saves its gap changes into the same draft, and says what
// its Save (a cut-only confirm) leaves behind.

const SAVED = { saved_at: '2026-01-01T10:00:00.000Z' };

/** A draft with the first gap deleted and the framing changed on the clip screen. */
function leftDraft(): ClipDraft {
  const loaded = loadedEditsState(FIXTURE_CLIP);
  const [first, ...rest] = loaded.gapState.gaps;
  return draftOfEdits(
    {
      ...loaded,
      gapState: { gaps: rest, deletedGaps: first ? [first] : [], history: [] },
      reframe: 'split',
    },
    FIXTURE_CLIP,
  );
}

beforeEach(() => {
  vi.stubGlobal('alert', vi.fn());
  vi.spyOn(autojobsApi, 'get').mockResolvedValue(FIXTURE_JOB);
  vi.spyOn(assetsApi, 'list').mockResolvedValue({ assets: [] });
  vi.spyOn(clipsApi, 'get').mockResolvedValue(FIXTURE_CLIP);
  vi.spyOn(clipsApi, 'waveform').mockResolvedValue({ start: 1, rate: 10, peaks: [] });
  vi.spyOn(clipsApi, 'draft').mockResolvedValue({ draft: leftDraft(), ...SAVED });
  vi.spyOn(clipsApi, 'deleteDraft').mockResolvedValue({ ok: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <TimelineEditorPage jobId="job-1" clipId="clip-1" /> },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const description = () => screen.getByTestId('timeline-description').textContent;

describe('clip drafts on the timeline editor', { timeout: 60_000 }, () => {
  it('opens the draft and saves its gap changes into it, keeping the rest', async () => {
    const save = vi.spyOn(clipsApi, 'saveDraft').mockResolvedValue(SAVED);
    const user = userEvent.setup({ delay: null });
    renderEditor();
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    // Issue 33: counted as the clip screen counts them: a deleted gap is still found.
    expect(description()).toContain('2 gaps found, 1 gap deleted');
    expect(screen.getByText(/Your draft’s other changes from the clip screen/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Undo Delete/ }));
    expect(description()).toContain('2 gaps found, 0 gaps deleted');
    expect(await screen.findByText('Draft saved', {}, { timeout: 3000 })).toBeTruthy();
    const [, , draft] = save.mock.calls.at(-1) ?? [];
    expect(draft?.cut.map((g) => g.id)).toEqual(['gap-0', 'gap-1']);
    expect(draft?.reframe).toBe('split');
  });

  it('Discard draft opens the clip as loaded', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(screen.queryByText('Draft restored')).toBeNull());
    expect(description()).toContain('2 gaps found, 0 gaps deleted');
    expect(screen.queryByText(/Your draft’s other changes/)).toBeNull();
  });
});
