import { FONT_FILES, SUBTITLE_PRESCALE_HEIGHT_LIMIT, fontUrlPath } from '@roughcut/shared';
import type { FontName } from '@roughcut/shared';
import type JASSUB from 'jassub';
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { JASSUB_ASSETS } from './jassub-assets.ts';

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
}: Options): OverlayState {
  const [state, setState] = useState<OverlayState>(ass === null ? 'off' : 'loading');
  const { width, height } = frame;

  useEffect(() => {
    const video = videoRef.current;
    const layer = layerRef.current;
    if (ass === null || !video || !layer) {
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
    let disposed = false;
    let instance: JASSUB | null = null;
    let frameHandle: number | null = null;
    setState('loading');

    const draw = () => {
      if (!instance || disposed) return;
      instance
        .manualRender({
          mediaTime: video.currentTime,
          expectedDisplayTime: performance.now(),
          width,
          height,
        })
        .catch(() => undefined);
    };
    const onFrame = () => {
      draw();
      frameHandle = video.requestVideoFrameCallback(onFrame);
    };
    const onEvent = () => draw();

    void (async () => {
      try {
        const { default: Jassub } = await import('jassub');
        if (disposed) return;
        const fontUrl = new URL(fontUrlPath(font), window.location.origin).href;
        const family = FONT_FILES[font].family;
        instance = new Jassub({
          canvas,
          subContent: ass,
          workerUrl: JASSUB_ASSETS.workerUrl,
          wasmUrl: JASSUB_ASSETS.wasmUrl,
          modernWasmUrl: JASSUB_ASSETS.modernWasmUrl,
          fonts: [fontUrl],
          availableFonts: { [family.toLowerCase()]: fontUrl },
          defaultFont: family,
          queryFonts: false,
          prescaleHeightLimit: SUBTITLE_PRESCALE_HEIGHT_LIMIT,
        });
        await instance.ready;
        if (disposed) return;
        video.addEventListener('seeked', onEvent);
        video.addEventListener('loadeddata', onEvent);
        frameHandle = video.requestVideoFrameCallback(onFrame);
        draw();
        setState('ready');
      } catch (error) {
        console.warn('Subtitle preview unavailable', error);
        if (!disposed) setState('failed');
      }
    })();

    return () => {
      disposed = true;
      if (frameHandle !== null) video.cancelVideoFrameCallback(frameHandle);
      video.removeEventListener('seeked', onEvent);
      video.removeEventListener('loadeddata', onEvent);
      if (instance) void instance.destroy();
      else canvas.remove();
    };
  }, [videoRef, layerRef, ass, src, font, width, height]);

  return state;
}
