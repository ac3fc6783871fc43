import { ConfigError } from './config-env.ts';
import { DatabaseLockedError } from './db/pglite-lock.ts';
import { FontFilesMissingError } from './engine-adapter/engine-basics.adapter.ts';

/** Prints a start-up failure as one clear line (no stack for configuration mistakes) and exits. */
export function exitOnStartupError(error: unknown): never {
  if (
    error instanceof ConfigError ||
    error instanceof FontFilesMissingError ||
    error instanceof DatabaseLockedError
  ) {
    console.error(error.message);
  } else {
    console.error('Roughcut could not start:', error);
  }
  process.exit(1);
}
