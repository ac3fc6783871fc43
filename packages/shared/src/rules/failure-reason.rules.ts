// The failure_reason a user reads when an edit (or one of its clips) fails.

export const DEFAULT_FAILURE_REASON =
  'Something went wrong while editing your video. Please try again.';

/** Errors whose message is written for users: the engine's and the lifecycle's refusals. */
const USER_FACING_ERRORS = new Set(['EngineError', 'JobStateError']);

/**
 * The failure_reason stored for an error: the message of errors meant for users (the engine's
 * EngineError, JobStateError), first line only and bounded; anything else (internal errors, stack
 * traces) becomes the generic reason.
 */
export const toFailureReason = (
  error: unknown,
  fallback: string = DEFAULT_FAILURE_REASON,
): string => {
  if (!(error instanceof Error) || !USER_FACING_ERRORS.has(error.name)) return fallback;
  const firstLine =
    error.message
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  if (firstLine === '') return fallback;
  return firstLine.length > 300 ? `${firstLine.slice(0, 297)}...` : firstLine;
};
