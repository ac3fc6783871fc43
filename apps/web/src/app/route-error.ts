import { isRouteErrorResponse } from 'react-router';

/** What the error screen shows: status and status text, or the message; a stack when one exists. */
export function describeRouteError(error: unknown): { summary: string; stack: string | undefined } {
  if (isRouteErrorResponse(error)) {
    return { summary: `${error.status} ${error.statusText}`.trim(), stack: undefined };
  }
  if (error instanceof Error) return { summary: error.message, stack: error.stack };
  return { summary: typeof error === 'string' ? error : 'Unknown error', stack: undefined };
}
