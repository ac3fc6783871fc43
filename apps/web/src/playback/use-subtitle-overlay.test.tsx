// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { FontName } from '@roughcut/shared';
import { useEffect, useMemo, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSubtitleRenderer, updateSubtitleRenderer } from './subtitle-renderer.ts';
import { useSubtitleOverlay } from './use-subtitle-overlay.ts';
import type { OverlayClock, OverlayState } from './use-subtitle-overlay.ts';

// NOTE: jassub (libass in wasm, in a worker) cannot run in happy-dom; its two entry points are
// replaced by recorders, so what is tested is when the overlay starts a renderer and when it only
// swaps the script of the running one.
vi.mock('./subtitle-renderer.ts', () => ({
  createSubtitleRenderer: vi.fn(),
  updateSubtitleRenderer: vi.fn(),
}));

const create = vi.mocked(createSubtitleRenderer);
const update = vi.mocked(updateSubtitleRenderer);
let manualRender: ReturnType<typeof vi.fn>;
let destroy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  manualRender = vi.fn(() => Promise.resolve());
  destroy = vi.fn(() => Promise.resolve());
  create.mockImplementation(() =>
    Promise.resolve({ manualRender, destroy } as unknown as Awaited<
      ReturnType<typeof createSubtitleRenderer>
    >),
  );
  update.mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

type Props = { ass: string | null; font: FontName; width?: number };
let state: OverlayState = 'off';

function Overlay({ ass, font, width = 1080 }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const clock = useMemo<OverlayClock>(
    () => ({ currentTime: () => 1.5, subscribe: () => () => undefined }),
    [],
  );
  const overlay = useSubtitleOverlay({
    videoRef,
    layerRef,
    ass,
    src: '/media/source.mp4',
    font,
    frame: { width, height: 1920 },
    clock,
  });
  useEffect(() => {
    state = overlay;
  }, [overlay]);
  return (
    <div>
      <video ref={videoRef} />
      <div ref={layerRef} data-testid="layer" />
    </div>
  );
}

describe('the subtitle overlay', () => {
  it('swaps the script of the running renderer instead of restarting it', async () => {
    const view = render(<Overlay ass="script 1" font="Arial" />);
    await waitFor(() => expect(state).toBe('ready'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0]).toMatchObject({ ass: 'script 1', font: 'Arial' });

    view.rerender(<Overlay ass="script 2" font="Arial" />);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[1]).toMatchObject({ ass: 'script 2', font: 'Arial' });
    view.rerender(<Overlay ass="script 2" font="Verdana" />);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1]?.[1]).toMatchObject({ ass: 'script 2', font: 'Verdana' });
    // Redrawn in place, never torn down: the canvas stays and no second renderer starts.
    await waitFor(() => expect(manualRender.mock.calls.at(-1)?.[1]).toBe(true));
    expect(create).toHaveBeenCalledTimes(1);
    expect(destroy).not.toHaveBeenCalled();
    expect(view.getByTestId('layer').querySelectorAll('canvas')).toHaveLength(1);
    expect(state).toBe('ready');
  });

  it('hands over an edit made while the renderer was starting', async () => {
    let finish: () => void = () => undefined;
    create.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({ manualRender, destroy } as unknown as Awaited<
              ReturnType<typeof createSubtitleRenderer>
            >);
        }),
    );
    const view = render(<Overlay ass="first" font="Arial" />);
    view.rerender(<Overlay ass="typed meanwhile" font="Arial" />);
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[1]).toMatchObject({ ass: 'typed meanwhile' });
  });

  it('starts a new renderer for a new frame and stops it when subtitles go', async () => {
    const view = render(<Overlay ass="script" font="Arial" />);
    await waitFor(() => expect(state).toBe('ready'));
    view.rerender(<Overlay ass="script" font="Arial" width={1920} />);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(destroy).toHaveBeenCalledTimes(1);
    view.rerender(<Overlay ass={null} font="Arial" width={1920} />);
    await waitFor(() => expect(state).toBe('off'));
    expect(destroy).toHaveBeenCalledTimes(2);
    expect(update).not.toHaveBeenCalled();
  });
});
