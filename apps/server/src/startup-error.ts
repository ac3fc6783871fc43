import { ConfigError } from './config.ts';

/** Prints a start-up failure as one clear line (no stack for configuration mistakes) and exits. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Roughcut could not start:', error);
  }
  process.exit(1);
}
