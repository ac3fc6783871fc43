import { WEBHOOK_RETRY_WINDOW_MS } from '@roughcut/shared';

/** No wait between two attempts grows past this (the doubling would reach 8.5 h, then 17 h). */
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
/** A bound on attempts whatever the base (a base of 0, in tests, retries at once). */
export const MAX_ATTEMPTS = 20;

/**
 * When the next attempt of a failed delivery goes, ms from `now`, or undefined when it has had
 * its last: the delay doubles from `baseMs` after each failure (30 s, 1 min, 2 min, … capped at
 * 6 h), and the attempts stop 24 hours after the first, the last one landing on that mark.
 */
export function nextAttemptDelayMs(options: {
  /** Attempts made so far (1 after the first). */
  attempts: number;
  firstAttemptAt: number;
  now: number;
  baseMs: number;
  windowMs?: number;
}): number | undefined {
  const { attempts, firstAttemptAt, now, baseMs } = options;
  const deadline = firstAttemptAt + (options.windowMs ?? WEBHOOK_RETRY_WINDOW_MS);
  if (attempts >= MAX_ATTEMPTS || now >= deadline) return undefined;
  const doubled = baseMs * 2 ** Math.max(0, attempts - 1);
  const delay = Math.min(doubled, MAX_RETRY_DELAY_MS);
  return Math.min(delay, deadline - now);
}
