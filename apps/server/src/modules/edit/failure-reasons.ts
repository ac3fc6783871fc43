// The failure reasons the lifecycle writes on its own (the engine's come with its errors).

/** Start could not hand the edit to the queue. */
export const QUEUE_FAILED_REASON = 'The edit could not be queued. Please try again.';

/** The queue used up every try (each died or failed without a reason of its own). */
export const GAVE_UP_REASON =
  'Your video could not be edited: the work stopped unexpectedly several times. Please start the edit again.';
