import type { FontName } from '@roughcut/shared';
import type JASSUB from 'jassub';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { createSubtitleRenderer, updateSubtitleRenderer } from './subtitle-renderer.ts';

export type OverlayState = 'off' | 'loading' | 'ready' | 'failed';

type Options = {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The element the subtitle canvas is laid over (filled edge to edge). */
  layerRef: RefObject<HTMLDivElement | null>;
  /** The ASS script, or null for no subtitles (long-form clips). */
  ass: string | null;
  /**
   * The video's source. NOTE: the video element only exists once its URL has loaded, so the
   * overlay is set up again when it changes (a ref change alone re-runs nothing).
   */
  src: string | undefined;
  font: FontName;
  /** The frame the subtitles are laid out on, as rendered (e.g. 1080x1920). */
  frame: { width: number; height: number };
  /**
   * Optional playback clock for players whose video elements take turns (useGapPlayback): the
   * overlay then draws the clock's time on its ticks instead of the video's frames.
   */
  clock?: OverlayClock;
};

/** The running renderer, what it shows, and the queue its in-place updates go through. */
type Live = {
  instance: JASSUB;
  shown: { ass: string; font: FontName };
  queue: Promise<void>;
  redraw: () => void;
};

/**
 * Brings a live renderer to the latest script and font, in place. NOTE: updates run one after
 * another, so a slow font load never lets an older script land after a newer one.
 */
function syncLive(live: Live, latest: { ass: string | null; font: FontName }): void {
  const { ass, font } = latest;
  if (ass === null || (ass === live.shown.ass && font === live.shown.font)) return;
  live.shown = { ass, font };
  live.queue = live.queue
    .then(() =>
      updateSubtitleRenderer(live.instance, { ass, font, origin: window.location.origin }),
    )
    .then(live.redraw)
    .catch((error: unknown) => console.warn('Subtitle preview not updated', error));
}

export type OverlayClock = {
  currentTime: () => number;
  subscribe: (listener: (time: number) => void) => () => void;
};

/**
 * Draws the clip's subtitles over the preview with jassub (libass in wasm), on a canvas covering
 * the preview frame. Canvas mode (not jassub's video mode) because the frame is a cover crop of
 * the source, and the subtitles belong to the cropped frame, as in the render.
 */
export function useSubtitleOverlay({
  videoRef,
  layerRef,
  ass,
  src,
  font,
  frame,
  clock,
}: Options): OverlayState {
  const [state, setState] = useState<OverlayState>(ass === null ? 'off' : 'loading');
  const { width, height } = frame;
  const hasSubtitles = ass !== null;
  // NOTE: the script and font reach a running renderer in place (see syncLive); only what the
  // renderer is built on (the video, the frame, the clock, subtitles on or off) starts a new one.
  const latestRef = useRef({ ass, font });
  const liveRef = useRef<Live | null>(null);
  useEffect(() => {
    latestRef.current = { ass, font };
    if (liveRef.current) syncLive(liveRef.current, latestRef.current);
  }, [ass, font]);

  useEffect(() => {
    const video = videoRef.current;
    const layer = layerRef.current;
    const initial = latestRef.current;
    if (initial.ass === null || !video || !layer) {
      setState('off');
      return;
    }
    // NOTE: a fresh canvas per instance: jassub transfers it to its worker (possible only once)
    // and removes it from the page when destroyed.
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.testid = 'subtitle-canvas';
    Object.assign(canvas.style, {
      position: 'absolute',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
    });
    layer.append(canvas);
    const initialAss = initial.ass;
    let disposed = false;
    let instance: JASSUB | null = null;
    let frameHandle: number | null = null;
    let unsubscribe: (() => void) | null = null;
    let resizes: ResizeObserver | null = null;
    setState('loading');

    const draw = (repaint = false) => {
      if (!instance || disposed) return;
      instance
        .manualRender(
          {
            mediaTime: clock ? clock.currentTime() : video.currentTime,
            expectedDisplayTime: performance.now(),
            width,
            height,
          },
          repaint,
        )
        .catch(() => undefined);
    };
    const onFrame = () => {
      draw();
      frameHandle = video.requestVideoFrameCallback(onFrame);
    };
    const onEvent = () => draw();

    void (async () => {
      try {
        // NOTE: every face of the font and the fallback, as the server renders (docs/fonts.md).
        const created = await createSubtitleRenderer({
          canvas,
          ass: initialAss,
          font: initial.font,
          origin: window.location.origin,
        });
        if (disposed) {
          void created.destroy();
          return;
        }
        instance = created;
        if (clock) {
          unsubscribe = clock.subscribe(() => draw(true));
          // WARNING: jassub clears its canvas on a resize and repaints only for a paused video, so
          // without one the overlay repaints itself once the resize is under way.
          resizes = new ResizeObserver(() => requestAnimationFrame(() => draw(true)));
          resizes.observe(canvas);
        } else {
          video.addEventListener('seeked', onEvent);
          video.addEventListener('loadeddata', onEvent);
          frameHandle = video.requestVideoFrameCallback(onFrame);
        }
        const live: Live = {
          instance: created,
          shown: { ass: initialAss, font: initial.font },
          queue: Promise.resolve(),
          redraw: () => draw(true),
        };
        liveRef.current = live;
        // NOTE: edits made while it started.
        syncLive(live, latestRef.current);
        draw();
        setState('ready');
      } catch (error) {
        console.warn('Subtitle preview unavailable', error);
        if (!disposed) setState('failed');
      }
    })();

    return () => {
      disposed = true;
      liveRef.current = null;
      if (frameHandle !== null) video.cancelVideoFrameCallback(frameHandle);
      unsubscribe?.();
      resizes?.disconnect();
      video.removeEventListener('seeked', onEvent);
      video.removeEventListener('loadeddata', onEvent);
      if (instance) void instance.destroy();
      else canvas.remove();
    };
  }, [videoRef, layerRef, hasSubtitles, src, width, height, clock]);

  return state;
}
