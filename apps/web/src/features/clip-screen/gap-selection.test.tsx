// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpeechGapsStep } from './speech-gaps-step.tsx';
import { initialGapEditState } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';

// Issue 33: a gap selected by a press or a tap and deleted by Delete gap or the Delete key; a
// finger grabbing an edge from 22 px and dragging it by its movement; two fingers pinching. The
// timeline is 1000 px wide over a 20 s clip starting 10 s into its video: 50 px a second.
const WIDTH = 1000;
const px = (seconds: number) => (seconds / 20) * WIDTH;
const TRACK_Y = 90;

const gaps = [
  { id: 'gap-0', start: 11, end: 12 },
  { id: 'gap-1', start: 15, end: 16 },
  { id: 'gap-2', start: 20, end: 22 },
];
const clip: Clip = {
  id: 'c1',
  auto_job_id: 'j1',
  auto_job_instance_id: 'i1',
  title: 'A talk',
  description: '',
  engagement_score: 7,
  status: 'awaiting-confirmation',
  confirmed: false,
  failure_reason: null,
  is_long_form: false,
  start: 10,
  end: 30,
  segments: [],
  draw_settings: DEFAULT_DRAW_SETTINGS,
  gaps,
  detected_gaps: gaps,
  subtitles_burned: true,
  edits: { cut: false, subtitles: false },
};

let latest: GapEditState;

function Harness() {
  const [state, setState] = useState(() => initialGapEditState(clip.gaps, clip.detected_gaps));
  useEffect(() => {
    latest = state;
  }, [state]);
  return (
    <SpeechGapsStep
      clip={clip}
      videoUrl="/media/source.mp4"
      editable
      state={state}
      onChange={setState}
    />
  );
}

function renderStep() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return screen.getByTestId('gap-timeline');
}

const at = (local: number, extra: Record<string, unknown> = {}) => ({
  clientX: px(local),
  clientY: TRACK_Y,
  button: 0,
  pointerId: 1,
  pointerType: 'mouse',
  ...extra,
});
const finger = (x: number, id = 1) => ({
  clientX: x,
  clientY: TRACK_Y,
  button: 0,
  pointerId: id,
  pointerType: 'touch',
});
const deleteButton = () => screen.getByRole('button', { name: /^Delete (the selected )?gap/ });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const width = this.dataset.testid === 'gap-timeline' ? WIDTH : 0;
    return DOMRect.fromRect({ x: 0, y: 0, width, height: 148 });
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ start: 10, rate: 10, peaks: [] })))),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('selecting and deleting a gap (issue 33)', { timeout: 60_000 }, () => {
  it('selects the gap pressed, deletes it with Delete gap, and clears on a press elsewhere', () => {
    const timeline = renderStep();
    expect(deleteButton()).toHaveProperty('disabled', true);
    fireEvent.pointerDown(timeline, at(5.5));
    fireEvent.pointerUp(timeline, at(5.5));
    expect(timeline.dataset.selectedGap).toBe('gap-1');
    expect(deleteButton().getAttribute('aria-label')).toBe(
      'Delete the selected gap, 0:05.0 – 0:06.0',
    );
    fireEvent.pointerDown(timeline, at(8));
    fireEvent.pointerUp(timeline, at(8));
    expect(timeline.dataset.selectedGap).toBeUndefined();
    fireEvent.pointerDown(timeline, at(5.5));
    fireEvent.pointerUp(timeline, at(5.5));
    fireEvent.click(deleteButton());
    expect(latest.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-2']);
    expect(screen.getByTestId('speech-gaps-footer').textContent).toContain(
      '3 gaps found, 1 gap deleted',
    );
    expect(timeline.dataset.selectedGap).toBeUndefined();
  });

  it('deletes the selected gap with Delete or Backspace, but not while typing', () => {
    const timeline = renderStep();
    fireEvent.pointerDown(timeline, at(10.5));
    fireEvent.pointerUp(timeline, at(10.5));
    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(latest.gaps).toHaveLength(3);
    fireEvent.keyDown(document.body, { key: 'Delete' });
    expect(latest.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-1']);
    fireEvent.pointerDown(timeline, at(1.5));
    fireEvent.pointerUp(timeline, at(1.5));
    fireEvent.keyDown(document.body, { key: 'Backspace' });
    expect(latest.gaps.map((g) => g.id)).toEqual(['gap-1']);
    input.remove();
  });
});

describe('the timeline by touch (issue 33)', { timeout: 60_000 }, () => {
  it('grabs an edge 20 px away by finger and moves it by the finger, not to it', () => {
    const timeline = renderStep();
    // gap-1 starts at 5 s (250 px): down at 230 px, moved 25 px right (0.5 s).
    fireEvent.pointerDown(timeline, finger(230));
    fireEvent.pointerMove(timeline, finger(234));
    expect(latest.gaps.find((g) => g.id === 'gap-1')?.start).toBe(15);
    fireEvent.pointerMove(timeline, finger(255));
    fireEvent.pointerUp(timeline, finger(255));
    expect(latest.gaps.find((g) => g.id === 'gap-1')?.start).toBe(15.5);
    expect(timeline.dataset.selectedGap).toBe('gap-1');
    // The same press by mouse is too far from the edge: it moves the playhead.
    fireEvent.pointerDown(timeline, { ...finger(230, 2), pointerType: 'mouse' });
    fireEvent.pointerMove(timeline, { ...finger(260, 2), pointerType: 'mouse' });
    expect(latest.gaps.find((g) => g.id === 'gap-1')?.start).toBe(15.5);
  });

  it('zooms by a two-finger pinch around the point between the fingers', () => {
    const timeline = renderStep();
    const zoom = screen.getByTestId('timeline-zoom');
    act(() => {
      fireEvent.pointerDown(timeline, finger(550, 1));
      fireEvent.pointerDown(timeline, finger(650, 2));
    });
    fireEvent.pointerMove(timeline, finger(500, 1));
    fireEvent.pointerMove(timeline, finger(700, 2));
    fireEvent.pointerUp(timeline, finger(500, 1));
    fireEvent.pointerUp(timeline, finger(700, 2));
    expect(zoom.textContent).toBe('Zoom 2x');
    // 12 s (600 px) stays under the fingers: 10 s shown, 6 s to 16 s.
    expect(screen.getByTestId('timeline-viewing').textContent).toBe(
      'Viewing: 0:06.0 - 0:16.0 of 0:20.0',
    );
    expect(latest.gaps).toEqual(gaps);
  });
});
