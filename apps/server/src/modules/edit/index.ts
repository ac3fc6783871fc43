// The edit module's one public entry: other modules import from here only. An edit is what the
// user creates (a job with its steps, video and clips); a run is one processing of it.
export { editModule } from './edit.routes.ts';
export { analyseJob, runGaveUpJob, renderJob } from './run.queue-jobs.ts';
export {
  findRun,
  findEdit,
  readRunStatus,
  runsOwnedByWorkers,
  setRunProbe,
  setRunProgress,
  NO_PROGRESS_DETAIL,
} from './edit.repository.ts';
export type { EditRow, RunProgressDetail, RunRow } from './edit.repository.ts';
export { readWorkSpeeds, recordWorkSpeeds } from './work-speeds.repository.ts';
export type { WorkSample } from './work-speeds.repository.ts';
export { deleteClipsOfRun, insertClips, listClipsOfRun, storeFraming } from './clips.repository.ts';
export { frameClipsJob } from './framing.queue-jobs.ts';
export { clipsToFrame, plannedFraming } from './clip-framing.rules.ts';
export type { ClipRow } from './clips.repository.ts';
export { clipPlan } from './clip-plan.rules.ts';
export type { ClipPlan } from './clip-plan.rules.ts';
export { saveWaveform } from './clip-waveform.storage.ts';
export {
  EXPIRED_UPLOAD_REASON,
  GAVE_UP_REASON,
  INTERRUPTED_UPLOAD_REASON,
  QUEUE_FAILED_REASON,
} from './failure-reasons.ts';
export { transitionClipRow, transitionRunRow } from './lifecycle.repository.ts';
export { stageOf } from './job-state.rules.ts';
export { NEW_CLIP_STATE } from './clip-state.rules.ts';
export type { RunExtras } from './lifecycle.repository.ts';
