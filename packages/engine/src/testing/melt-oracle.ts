// melt as the tests' independent reader of the MLT and Kdenlive exports: it plays a project the way
// Shotcut and Kdenlive would, and the tests compare its frames with the app's render.
// WARNING: melt is the oracle here, not the product (nothing in the app runs it). On a loaded test
// machine it was seen to hang after its work, about one run in twenty at load 10 (every thread
// asleep, the file already written). A run past ATTEMPT_MS is stopped and tried once more, so a
// hang in the reader is not reported as a fault of the export; a second hang still fails.
import { runMelt } from '../media/ffmpeg-runner.ts';
import type { RunResult } from '../media/limited-spawn.ts';
import type { MediaWork } from '../media/run-limits.ts';

const ATTEMPT_MS = 60_000;

export type MeltOracleOptions = { cwd?: string; env?: NodeJS.ProcessEnv; work?: MediaWork };

export async function renderWithMelt(
  args: readonly string[],
  options: MeltOracleOptions = {},
): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    const signal = AbortSignal.timeout(ATTEMPT_MS);
    try {
      return await runMelt(args, { ...options, signal });
    } catch (error) {
      if (!signal.aborted || attempt >= 2) throw error;
    }
  }
}
