// The browser side of the preview-equals-render test: the web app's own subtitle renderer (jassub
// set up as the app sets it up) draws one ASS frame on a canvas over black, for a screenshot.
import type { FontName } from '@roughcut/shared';
import { createSubtitleRenderer } from '../../../apps/web/src/playback/subtitle-renderer.ts';

type DrawRequest = { ass: string; font: FontName; width: number; height: number; time: number };

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

async function drawSubtitles(request: DrawRequest): Promise<void> {
  const canvas = document.createElement('canvas');
  canvas.id = 'subtitles';
  Object.assign(canvas.style, {
    display: 'block',
    width: `${request.width}px`,
    height: `${request.height}px`,
  });
  document.body.replaceChildren(canvas);
  const renderer = await createSubtitleRenderer({
    canvas,
    ass: request.ass,
    font: request.font,
    origin: window.location.origin,
  });
  await renderer.resize(true, request.width, request.height);
  await renderer.manualRender(
    {
      mediaTime: request.time,
      expectedDisplayTime: performance.now(),
      width: request.width,
      height: request.height,
    },
    true,
  );
  await nextFrame();
  await nextFrame();
}

Object.assign(window, { drawSubtitles });
document.body.dataset.ready = 'true';
