// The edit module's one public entry: other modules import from here only. An edit is what the
// user creates (a job with its steps, video and clips); a run is one processing of it. The
// workers reach a run through its port (run-port.ts); the rows stay private here.
export { editModule } from './edit.routes.ts';
export { runQueueJobs } from './run-queue-jobs.ts';
export { runPort } from './run-port.ts';
export type { LostRunCause } from './run-port.ts';
export { clipPlan } from './clip-plan.rules.ts';
export type { ClipPlan } from './clip-plan.rules.ts';
export type { ClipRow } from './clips.repository.ts';
export type { EditRow, RunProgressDetail, RunRow } from './edit.repository.ts';
export type { RunExtras } from './lifecycle.repository.ts';
