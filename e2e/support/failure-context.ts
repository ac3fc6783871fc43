import type { BrowserSession } from './browser.ts';
import type { RunningServer } from './server.ts';

/**
 * Runs `run`; a failure is thrown again with a screenshot (`<name>-failure`), the page's address
 * and the server's log tail, so a red run says what the browser and the server saw.
 */
export async function withFailureContext(
  session: BrowserSession,
  server: RunningServer,
  name: string,
  run: () => Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    await session.screenshot(`${name}-failure`).catch(() => undefined);
    throw new Error(
      `${String(error)}\n--- page at ${session.page.url()}\n--- server log tail:\n${server.logs().slice(-4000)}`,
      { cause: error },
    );
  }
}
