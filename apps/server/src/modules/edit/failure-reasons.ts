// The failure reasons the lifecycle writes on its own (the engine's come with its errors).

/** Start could not hand the edit to the queue. */
export const QUEUE_FAILED_REASON = 'The edit could not be queued. Please try again.';

/** The queue used up every try (each died or failed without a reason of its own). */
export const GAVE_UP_REASON =
  'Your video could not be edited: the work stopped unexpectedly several times. Please start the edit again.';

/** An upload whose server stopped, or whose connection went quiet, before the file was in. */
export const INTERRUPTED_UPLOAD_REASON =
  'The upload did not finish: the server stopped or the connection was lost.';

/** A resumable upload left unfinished for a day: its bytes are gone. */
export const EXPIRED_UPLOAD_REASON =
  'The upload was left unfinished for 24 hours and has expired. Please upload the video again.';
