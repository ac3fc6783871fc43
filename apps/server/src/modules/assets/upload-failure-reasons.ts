// The reasons the leftovers sweep writes on uploads it fails (the edit's lifecycle reasons are
// edit/failure-reasons.ts).

/** An upload whose server stopped, or whose connection went quiet, before the file was in. */
export const INTERRUPTED_UPLOAD_REASON =
  'The upload did not finish: the server stopped or the connection was lost.';

/** A resumable upload left unfinished for a day: its bytes are gone. */
export const EXPIRED_UPLOAD_REASON =
  'The upload was left unfinished for 24 hours and has expired. Please upload the video again.';
