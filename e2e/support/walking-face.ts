// The walking face the reframe preview's browser tests play: the scene, the plans the background
// job would store for it, the video served with byte ranges, and the frame the preview shows.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { oneSpeakerScene } from '@roughcut/engine/testing';
import type { FramingPathPoint, FramingPlan } from '@roughcut/shared';
import type { Locator } from 'playwright-core';
import { coverPosition, followCropRect } from '../../apps/web/src/lib/framing-view.rules.ts';

export const SOURCE = { width: 1280, height: 720 };

/** The face walks from x 260 to x 1000 between 2 s and 5 s (the split plan puts its second crop right). */
export const WALK = oneSpeakerScene('walk', 8, [
  { t: 0, x: 260 },
  { t: 2, x: 260 },
  { t: 5, x: 1000 },
  { t: 8, x: 1000 },
]);

const WALK_PATH: FramingPathPoint[] = [
  { t: 0, cx: 260 / 1280 },
  { t: 2, cx: 260 / 1280 },
  { t: 5, cx: 1000 / 1280 },
  { t: 8, cx: 1000 / 1280 },
];

/** The follow plan the background job would store for WALK: the face's centre over time. */
export const FOLLOW_PLAN: FramingPlan = { mode: 'follow', path: WALK_PATH };
export const SPLIT_PLAN: FramingPlan = {
  mode: 'split',
  places: [
    { cx: 260 / 1280, cy: 0.5 },
    { cx: 1000 / 1280, cy: 0.5 },
  ],
};

/**
 * The video with byte ranges, as the server's media links are: the preview seeks, and Chromium
 * plays a video only partly when it cannot ask for a range.
 */
export async function serveVideo(file: string): Promise<{ url: string; server: http.Server }> {
  const size = (await stat(file)).size;
  const server = http.createServer((request, response) => {
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : size - 1;
    response.writeHead(range ? 206 : 200, {
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/walk.mp4`, server };
}

/** The shown video's time and object-position. */
export async function shownFrame(card: Locator): Promise<{ time: number; position: string }> {
  return card.locator('video[aria-label^="Preview of"]').evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    position: v.style.objectPosition,
  }));
}

/** The x of an object-position, in percent. */
export const xOf = (position: string): number => Number.parseFloat(position.split(' ')[0] ?? '');

/** The x of the follow crop's object-position at a time of WALK. */
export const expectedX = (time: number): number =>
  xOf(coverPosition(followCropRect(WALK_PATH, time, SOURCE)));
