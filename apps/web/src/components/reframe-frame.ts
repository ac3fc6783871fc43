// Issue 21: the preview's vertical frame as the render makes it, applied to the player's video
// elements. The geometry and the path rule are the shared ones the render uses (framing.rules.ts);
// this module only turns them into what the DOM shows: the video's object-position for one crop
// (the videos are object-fit: cover in a 9:16 frame, so the crop fills it exactly), or a canvas
// that draws the split's two crops stacked.
import type { FramingPlan } from '@roughcut/shared';
import { coverPosition, framingViewAt } from '../lib/framing-view.rules.ts';
import type { ShareRect, SourceSize } from '../lib/framing-view.rules.ts';

/** What the frame shows at a time: where each video's picture sits, and the split's crops. */
export type FrameStyle = { objectPosition: string; stacked: [ShareRect, ShareRect] | null };

export function frameStyleAt(plan: FramingPlan, t: number, source: SourceSize): FrameStyle {
  const view = framingViewAt(plan, t, source);
  if (view.layout === 'stacked') return { objectPosition: '50% 50%', stacked: view.crops };
  return { objectPosition: coverPosition(view.crop), stacked: null };
}

/** Draws the split's two crops of `video`, one above the other, filling the canvas. */
export function drawStacked(
  canvas: HTMLCanvasElement,
  video: HTMLVideoElement,
  crops: readonly [ShareRect, ShareRect],
): void {
  const width = Math.round(canvas.clientWidth * window.devicePixelRatio);
  const height = Math.round(canvas.clientHeight * window.devicePixelRatio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context || !width || !height) return;
  const { videoWidth: vw, videoHeight: vh } = video;
  const half = height / 2;
  crops.forEach((crop, i) => {
    context.drawImage(
      video,
      ...[crop.x * vw, crop.y * vh, crop.width * vw, crop.height * vh],
      ...[0, i * half, width, half],
    );
  });
}

/**
 * A key of what a paint depends on: the time, the picture and the element's own frame (a seek
 * lands a new frame after the time changed), so an unchanged frame is not painted again.
 */
export const paintKey = (t: number, video: HTMLVideoElement, canvasWidth: number): string =>
  [
    t.toFixed(3),
    video.currentTime.toFixed(3),
    video.readyState,
    video.videoWidth,
    video.videoHeight,
    canvasWidth,
  ].join('|');
