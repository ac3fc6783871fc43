// How many exports one user may have in the making at once. NOTE: counted in this process (exports
// are made where they are requested); a slot is held from the request's start until its file has
// been sent, so neither the making nor a burst of downloads of stored files (tens of megabytes each)
// from one user can crowd out everyone else.
import { HttpError } from '../../errors/http-error.ts';

export const EXPORTS_PER_USER = 2;
/** What a refused export is told to wait: about one large export's time. */
export const EXPORT_RETRY_AFTER_S = 10;

export const EXPORT_LIMIT_MESSAGES = {
  perUser: `You already have ${EXPORTS_PER_USER} exports being made or downloaded. Please wait for one of them to finish, then export again.`,
  busy: 'The server is making many exports right now. Please wait a minute, then export again.',
} as const;

/** A refusal the client may retry after `retryAfterS` (sent as Retry-After). */
export class RetryLaterError extends HttpError {
  readonly retryAfterS: number;
  constructor(statusCode: 429 | 503, message: string, retryAfterS: number) {
    super(statusCode, message);
    this.retryAfterS = retryAfterS;
  }
}

export type ExportSlots = {
  /** A slot for the user's export (free it when the file is ready), or a 429 to send. */
  take(userId: string): () => void;
};

export function createExportSlots(perUser = EXPORTS_PER_USER): ExportSlots {
  const held = new Map<string, number>();
  return {
    take(userId) {
      const count = held.get(userId) ?? 0;
      if (count >= perUser) {
        throw new RetryLaterError(429, EXPORT_LIMIT_MESSAGES.perUser, EXPORT_RETRY_AFTER_S);
      }
      held.set(userId, count + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      };
    },
  };
}
