/** A failed API call. `serverMessage` is the server's `err` field when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined, message?: string) {
    super(message ?? serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** SPEC section 8: the server's err is shown when present, otherwise the screen's fallback. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** Whether the failure is the server saying "no" (4xx) rather than a transient fault. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
