import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// Measures how a clip preview plays across the gaps it skips, from the frames the browser shows.

const execFileAsync = promisify(execFile);

type Span = { start: number; end: number };

export type PlaybackRecord = {
  /** Frames the card's playing video presented: [wall ms, media time s]. */
  frames: [number, number][];
  /** Where a video seeked to while it was the one shown and playing (s). */
  seeksWhilePlaying: number[];
};

/** Runs in the page: records the card's video frames and the seeks of the playing video. */
export function recordPlayback(card: Element) {
  const record: PlaybackRecord = { frames: [], seeksWhilePlaying: [] };
  (card as HTMLElement & { playback: PlaybackRecord }).playback = record;
  const watched = new WeakSet<HTMLVideoElement>();
  const watch = () => {
    for (const video of Array.from(card.querySelectorAll('video'))) {
      if (watched.has(video)) continue;
      watched.add(video);
      const onFrame: VideoFrameRequestCallback = (now, frame) => {
        // NOTE: a waiting video shows its parked frame while paused: not a frame of the playback.
        if (!video.paused) record.frames.push([now, frame.mediaTime]);
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
      video.addEventListener('seeking', () => {
        if (!video.paused && video.getAttribute('aria-hidden') !== 'true') {
          record.seeksWhilePlaying.push(video.currentTime);
        }
      });
    }
  };
  watch();
  new MutationObserver(watch).observe(card, { childList: true, subtree: true });
}

/** Seconds of the kept spans between source times `from` and `to`. */
const keptBetween = (spans: readonly Span[], from: number, to: number): number =>
  spans.reduce((sum, s) => sum + Math.max(0, Math.min(s.end, to) - Math.max(s.start, from)), 0);

export type PlaybackFigures = {
  /** Wall-clock seconds from the first to the last frame shown, minus the kept time between. */
  overS: number;
  /** Per skipped gap: seconds between the last frame before it and the first after it. */
  stillsS: number[];
  /** Seeks of the playing video that landed just after a gap (each froze picture and sound). */
  skipSeeks: number[];
};

export function playbackFigures(record: PlaybackRecord, spans: readonly Span[]): PlaybackFigures {
  const frames = [...record.frames].sort((a, b) => a[0] - b[0]);
  const holes = spans.slice(1).map((span, i) => ({ start: spans[i]?.end ?? 0, end: span.start }));
  const first = frames[0];
  const last = frames.at(-1);
  const overS =
    first && last ? (last[0] - first[0]) / 1000 - keptBetween(spans, first[1], last[1]) : NaN;
  const stillsS = holes.map((hole) => {
    const after = frames.findIndex(([, media]) => media >= hole.end - 0.001);
    const before = frames[after - 1];
    const next = frames[after];
    return before && next ? (next[0] - before[0]) / 1000 : NaN;
  });
  // NOTE: Play itself may seek to the first span; only seeks across a gap count.
  const skipSeeks = record.seeksWhilePlaying.filter((to) =>
    holes.some((hole) => Math.abs(to - hole.end) < 0.05),
  );
  return { overS, stillsS, skipSeeks };
}

/**
 * A copy of `file` with a keyframe only every 10 s, as many exported videos have: a seek then has
 * to decode up to 10 s of frames, which is what made each skipped gap stall in the preview.
 */
export async function withLongKeyframeInterval(file: string, out: string): Promise<string> {
  await execFileAsync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', file],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p'],
    ...['-g', '250', '-keyint_min', '250', '-sc_threshold', '0', '-c:a', 'copy', out],
  ]);
  return out;
}
