// What every command of `./roughcut remote` works with: the client, where results and progress
// go, the Ctrl+C signal and the few settings tests turn down.
import type { RemoteClient } from '../remote-client.ts';
import type { ProgressPrinter } from './progress-lines.ts';

export type CliEnv = Record<string, string | undefined>;

export type CliContext = {
  client: RemoteClient;
  env: CliEnv;
  /** A result line on stdout (an edit's id, a saved file), for scripts to read. */
  out: (line: string) => void;
  /** Progress and notes on stderr. */
  progress: ProgressPrinter;
  /** Aborted by Ctrl+C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
  /** Between two status reads while waiting. */
  pollMs: number;
  /** Bytes per upload request; the client's default when undefined. */
  chunkBytes: number | undefined;
};

const positiveInteger = (text: string | undefined): number | undefined => {
  const value = Number(text);
  return text !== undefined && Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/**
 * ROUGHCUT_POLL_MS and ROUGHCUT_UPLOAD_CHUNK_BYTES: the tests poll faster and send small pieces
 * (so an upload can be stopped midway); a slow or metered link may want smaller pieces too.
 */
export function tuningOf(env: CliEnv): {
  pollMs: number | undefined;
  chunkBytes: number | undefined;
} {
  return {
    pollMs: positiveInteger(env.ROUGHCUT_POLL_MS),
    chunkBytes: positiveInteger(env.ROUGHCUT_UPLOAD_CHUNK_BYTES),
  };
}
