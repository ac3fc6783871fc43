// The failure_reason a user reads when an edit (or one of its clips) fails.

export const DEFAULT_FAILURE_REASON =
  'Something went wrong while editing your video. Please try again.';

/** What a user reads where a media tool's own words would have been (issue 32). */
export const TOOL_FAILURE_REASON =
  'The video tool stopped unexpectedly while editing your video. Please try again; if it fails again, upload the video again.';

/** Errors whose message is written for users: the engine's and the lifecycle's refusals. */
const USER_FACING_ERRORS = new Set(['EngineError', 'JobStateError']);

// NOTE: the engine writes its own messages for users (run-limits.ts) and keeps a tool's stderr for
// the log; this catches a tool's text that still comes through another way (a message built as
// "<tool> exited with code N: <its stderr>", or relayed from a worker thread).
const TOOL_TEXT =
  /^(?:ffmpeg|ffprobe|melt|pocketsphinx)\b.*\b(?:exited with code|was killed by|could not be started)\b|^Frame reading failed\b/i;

/**
 * The failure_reason stored for an error: the message of errors meant for users (the engine's
 * EngineError, JobStateError), first line only and bounded; a media tool's own text becomes
 * TOOL_FAILURE_REASON; anything else (internal errors, stack traces) becomes the generic reason.
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
  if (TOOL_TEXT.test(firstLine)) return TOOL_FAILURE_REASON;
  return firstLine.length > 300 ? `${firstLine.slice(0, 297)}...` : firstLine;
};
