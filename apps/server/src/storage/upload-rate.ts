// A minimum rate for an upload's body: a client that trickles bytes (1 byte every 10 s) would
// otherwise hold its connection, its temp file and its storage reservation for as long as it likes.
// Only the time spent waiting for the client counts: while the server itself is busy (storing a
// chunk, reserving the room) the bytes pile up in the socket and the clock does not run.

import type { MinUploadRate } from '../config-storage.ts';

export type RateWatch = {
  /** The server is ready for the next chunk: the client's time runs. */
  waiting(): void;
  /** A chunk arrived: the client's time stops. */
  received(bytes: number): void;
  stop(): void;
};

/** Calls `tooSlow` once when a window of the client's time brought fewer bytes than the rate. */
export function watchUploadRate(
  rate: MinUploadRate,
  tooSlow: () => void,
  now: () => number = () => performance.now(),
): RateWatch {
  let waitedMs = 0;
  let bytes = 0;
  let since: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = rate.bytesPerSecond <= 0;

  const needed = (ms: number) => (rate.bytesPerSecond * ms) / 1000;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  /** At a window's end: too slow, or a fresh window begins. */
  const judge = (ms: number): boolean => {
    if (bytes < needed(ms)) {
      stopped = true;
      clear();
      tooSlow();
      return false;
    }
    waitedMs = 0;
    bytes = 0;
    return true;
  };
  const arm = () => {
    clear();
    timer = setTimeout(
      () => {
        timer = undefined;
        const start = since ?? now();
        if (judge(waitedMs + (now() - start))) {
          since = now();
          arm();
        }
      },
      Math.max(0, rate.windowMs - waitedMs),
    );
    // NOTE: a watch must never keep the process alive by itself.
    timer.unref();
  };

  return {
    waiting() {
      if (stopped || since !== undefined) return;
      since = now();
      arm();
    },
    received(count) {
      if (stopped) return;
      clear();
      if (since !== undefined) waitedMs += now() - since;
      since = undefined;
      bytes += count;
      if (waitedMs >= rate.windowMs) judge(waitedMs);
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}
