// NOTE: below the modules, as the routes (http/job-state.ts), the lifecycle and the workers all
// throw or catch it; job-runner.ts and failure-reason.rules.ts know it by its name.

/** A rule broke: `message` is for the user as it is; `httpStatus` for the route (409 conflict). */
export class JobStateError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  constructor(code: string, message: string, httpStatus = 409) {
    super(message);
    this.name = 'JobStateError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}
