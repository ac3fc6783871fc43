import { ApiError } from './api-error.ts';

/** A request that never reached the server (status 0): a dropped link, a server restarting. */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0;

/**
 * Runs `call`, trying again while the server cannot be reached (a restart takes seconds), so a
 * step after a finished upload does not throw the upload's work away. Other errors are thrown.
 */
export async function retryWhileUnreachable<T>(
  call: () => Promise<T>,
  options: { tries?: number; delayMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const { tries = 45, delayMs = 2000 } = options;
  const wait =
    options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!isUnreachable(error) || attempt >= tries) throw error;
      await wait(delayMs);
    }
  }
}
