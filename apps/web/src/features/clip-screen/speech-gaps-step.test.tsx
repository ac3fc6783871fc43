// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpeechGapsStep } from './speech-gaps-step.tsx';
import { initialGapEditState } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';

// The timeline is 1000 px wide and shows the 20 s clip window at 1x: 50 px per second.
const WIDTH = 1000;
const px = (seconds: number) => (seconds / 20) * WIDTH;
const TRACK_Y = 90;

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
  start: 0,
  end: 20,
  segments: [
    {
      start: 2,
      end: 5,
      phrase: 'hello there',
      words: [
        { text: 'hello', start: 2, end: 3, confidence: 0.9 },
        { text: 'there', start: 3, end: 5, confidence: 0.4 },
      ],
    },
    { start: 6, end: 10, phrase: '', words: [] },
  ],
  draw_settings: DEFAULT_DRAW_SETTINGS,
  gaps: [
    { id: 'gap-0', start: 1, end: 2 },
    { id: 'gap-1', start: 5, end: 6 },
    { id: 'gap-2', start: 10, end: 12 },
  ],
  detected_gaps: [
    { id: 'gap-0', start: 1, end: 2 },
    { id: 'gap-1', start: 5, end: 6 },
    { id: 'gap-2', start: 10, end: 12 },
  ],
  subtitles_burned: true,
  edits: { cut: false, subtitles: false },
};

let latest: GapEditState;

function Harness({ editable = true, source = clip }: { editable?: boolean; source?: Clip }) {
  const [state, setState] = useState(() => initialGapEditState(source.gaps, source.detected_gaps));
  useEffect(() => {
    latest = state;
  }, [state]);
  return (
    <SpeechGapsStep
      clip={source}
      videoUrl="/media/source.mp4"
      editable={editable}
      state={state}
      onChange={setState}
    />
  );
}

function renderStep(editable = true, source = clip) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness editable={editable} source={source} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('gap-timeline');
}

/** NOTE: happy-dom's WheelEvent drops the mouse fields (ctrlKey, clientX), so they are set here. */
function wheel(
  target: Element,
  init: { deltaY: number; ctrlKey?: boolean; metaKey?: boolean; clientX?: number },
) {
  const event = new WheelEvent('wheel', { deltaY: init.deltaY, bubbles: true, cancelable: true });
  for (const key of ['ctrlKey', 'metaKey', 'clientX'] as const) {
    Object.defineProperty(event, key, { value: init[key] ?? (key === 'clientX' ? 0 : false) });
  }
  act(() => {
    target.dispatchEvent(event);
  });
}

const gap = (id: string) => latest.gaps.find((g) => g.id === id);
const pointer = (x: number, extra: Record<string, unknown> = {}) => ({
  clientX: x,
  clientY: TRACK_Y,
  button: 0,
  pointerId: 1,
  ...extra,
});

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const width = this.dataset.testid === 'gap-timeline' ? WIDTH : 0;
    return DOMRect.fromRect({ x: 0, y: 0, width, height: 148 });
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ start: 0, rate: 10, peaks: new Array(200).fill(0.5) })),
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Speech Gaps step', () => {
  it('drags a gap edge within its limits and undoes the drag', async () => {
    const timeline = renderStep();
    fireEvent.pointerDown(timeline, pointer(px(5)));
    fireEvent.pointerMove(timeline, pointer(px(4.333)));
    expect(gap('gap-1')?.start).toBe(4.33);
    // Never within 0.1 s of its own end.
    fireEvent.pointerMove(timeline, pointer(px(7)));
    expect(gap('gap-1')?.start).toBe(5.9);
    fireEvent.pointerMove(timeline, pointer(px(4.5)));
    fireEvent.pointerUp(timeline, pointer(px(4.5)));
    expect(gap('gap-1')).toEqual({ id: 'gap-1', start: 4.5, end: 6 });
    // The end edge of the previous gap cannot pass this gap's start.
    fireEvent.pointerDown(timeline, pointer(px(2)));
    fireEvent.pointerMove(timeline, pointer(px(8)));
    fireEvent.pointerUp(timeline, pointer(px(8)));
    expect(gap('gap-0')).toEqual({ id: 'gap-0', start: 1, end: 4.5 });

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(gap('gap-0')?.end).toBe(2);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(gap('gap-1')?.start).toBe(5);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
  });

  it('deletes a gap only with Ctrl or Cmd held, counts it, and Undo Delete restores it', async () => {
    const timeline = renderStep();
    const footer = screen.getByTestId('speech-gaps-footer');
    expect(footer.textContent).toContain('3 gaps found, 0 gaps deleted');
    fireEvent.pointerDown(timeline, pointer(px(11)));
    fireEvent.pointerUp(timeline, pointer(px(11)));
    expect(latest.gaps).toHaveLength(3);
    fireEvent.pointerDown(timeline, pointer(px(11), { ctrlKey: true }));
    fireEvent.pointerUp(timeline, pointer(px(11)));
    expect(latest.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-1']);
    fireEvent.pointerDown(timeline, pointer(px(1.5), { metaKey: true }));
    fireEvent.pointerUp(timeline, pointer(px(1.5)));
    expect(latest.deletedGaps.map((g) => g.id)).toEqual(['gap-2', 'gap-0']);
    expect(footer.textContent).toContain('3 gaps found, 2 gaps deleted');
    await userEvent.click(screen.getByRole('button', { name: 'Undo Delete' }));
    expect(latest.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-1']);
    expect(footer.textContent).toContain('1 gap deleted');
  });

  it('counts fillers apart from silences, and Ctrl/Cmd+click keeps or removes one', () => {
    const removed = { id: 'gap-3', start: 13, end: 13.5, kind: 'filler' as const };
    const kept = { id: 'gap-4', start: 15, end: 15.5, kind: 'filler' as const };
    const timeline = renderStep(true, {
      ...clip,
      gaps: [...clip.gaps, removed],
      detected_gaps: [...clip.detected_gaps, removed, kept],
    });
    const footer = screen.getByTestId('speech-gaps-footer');
    const fillers = screen.getByTestId('filler-list');
    expect(footer.textContent).toContain('3 gaps found, 0 gaps deleted');
    expect(fillers.textContent).toContain('2 fillers, 1 removed');
    fireEvent.pointerDown(timeline, pointer(px(15.2), { ctrlKey: true }));
    fireEvent.pointerUp(timeline, pointer(px(15.2)));
    expect(latest.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-1', 'gap-2', 'gap-3', 'gap-4']);
    expect(fillers.textContent).toContain('2 fillers, 2 removed');
    fireEvent.pointerDown(timeline, pointer(px(13.2), { metaKey: true }));
    fireEvent.pointerUp(timeline, pointer(px(13.2)));
    expect(latest.deletedGaps.map((g) => g.id)).toEqual(['gap-3']);
    expect(fillers.textContent).toContain('2 fillers, 1 removed');
    expect(footer.textContent).toContain('3 gaps found, 0 gaps deleted');
  });

  it('zooms around the pointer with Ctrl/Cmd+scroll and pans with plain scroll', () => {
    const timeline = renderStep();
    const zoom = screen.getByTestId('timeline-zoom');
    const viewing = screen.getByTestId('timeline-viewing');
    expect(zoom.textContent).toBe('Zoom 1x');
    expect(viewing.textContent).toBe('Viewing: 0:00.0 - 0:20.0 of 0:20.0');
    wheel(timeline, { deltaY: 100 });
    expect(viewing.textContent).toBe('Viewing: 0:00.0 - 0:20.0 of 0:20.0');
    for (let i = 0; i < 8; i += 1)
      wheel(timeline, { deltaY: -100, ctrlKey: true, clientX: px(10) });
    expect(zoom.textContent).toBe('Zoom 2.14x');
    // The time under the pointer (10 s) stays put: the window is centred on it.
    expect(viewing.textContent).toBe('Viewing: 0:05.3 - 0:14.6 of 0:20.0');
    wheel(timeline, { deltaY: 100, clientX: px(10) });
    expect(viewing.textContent).toBe('Viewing: 0:06.2 - 0:15.5 of 0:20.0');
    wheel(timeline, { deltaY: -100, metaKey: true, clientX: 0 });
    expect(zoom.textContent).toBe('Zoom 2.36x');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Zoom' }));
    expect(zoom.textContent).toBe('Zoom 1x');
    expect(viewing.textContent).toBe('Viewing: 0:00.0 - 0:20.0 of 0:20.0');
    // The buttons zoom four ticks at a time around the middle, for touch screens.
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom.textContent).toBe('Zoom 1.46x');
    expect(viewing.textContent).toBe('Viewing: 0:03.1 - 0:16.8 of 0:20.0');
  });

  it('nudges a focused edge with the arrow keys and deletes it with Delete', async () => {
    renderStep();
    const start = screen.getByRole('slider', { name: 'Gap 2 start' });
    act(() => start.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(gap('gap-1')?.start).toBe(5.01);
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(gap('gap-1')?.start).toBe(4.91);
    await userEvent.keyboard('{Delete}');
    expect(gap('gap-1')).toBeUndefined();
  });

  it('moves the playhead from the ruler and plays and pauses with Space', async () => {
    const timeline = renderStep();
    const time = screen.getByTestId('player-time');
    expect(time.textContent).toBe('0:00.0 / 0:20.0');
    fireEvent.pointerDown(timeline, { clientX: px(8.2), clientY: 10, button: 0, pointerId: 2 });
    fireEvent.pointerMove(timeline, { clientX: px(9.6), clientY: 10, pointerId: 2 });
    fireEvent.pointerUp(timeline, { clientX: px(9.6), clientY: 10, pointerId: 2 });
    await waitFor(() => expect(time.textContent).toBe('0:09.6 / 0:20.0'));

    const play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    await userEvent.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
    await screen.findByRole('button', { name: 'Pause' });
    await userEvent.keyboard(' ');
    await screen.findByRole('button', { name: 'Play' });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('shows the gaps read-only when the clip cannot be edited', () => {
    const timeline = renderStep(false);
    fireEvent.pointerDown(timeline, pointer(px(11), { ctrlKey: true }));
    expect(latest.gaps).toHaveLength(3);
    expect(screen.queryByRole('slider', { name: /Gap 1/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo Delete' })).toBeNull();
  });

  it('says Loading video until the video can play', () => {
    renderStep();
    expect(screen.getByText('Loading video')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play' })).toHaveProperty('disabled', true);
  });
});
