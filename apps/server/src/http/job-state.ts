import { HttpError } from './errors.ts';
import { JobStateError } from '../errors/job-state-error.ts';

/** Runs a state rule; a broken rule leaves as an HttpError with the rule's message and status. */
export function checkState<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof JobStateError) throw new HttpError(error.httpStatus, error.message);
    throw error;
  }
}

/** checkState for a rule that writes: a refusal before or during the write becomes the HttpError. */
export async function checkStateAsync<T>(rule: () => Promise<T>): Promise<T> {
  try {
    return await rule();
  } catch (error) {
    if (error instanceof JobStateError) throw new HttpError(error.httpStatus, error.message);
    throw error;
  }
}
