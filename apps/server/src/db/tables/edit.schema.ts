import type { ClipReframe, JobStatus, RunStage, StepType, WorkKind } from '@roughcut/shared';
import type { ProbeResult } from '../../engine-adapter/engine-basics.adapter.ts';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.schema.ts';
import { templates } from './templates.schema.ts';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const stamp = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A video edit (the spec's "auto job"). Its status follows the latest instance. */
export const autoJobs = pgTable(
  'auto_jobs',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<StepType[]>().notNull().default([]),
    templateId: text('template_id').references(() => templates.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    maxWordsInPhrase: integer('max_words_in_phrase').notNull().default(5),
    /** "Remove filler words": the clips a run finds start with their fillers cut. */
    removeFillers: boolean('remove_fillers').notNull().default(false),
    /** The framing each short clip a run finds starts with (the clip screen may change it). */
    reframe: text('reframe').$type<ClipReframe>().notNull().default('centre'),
    // NOTE: no foreign key: instances reference jobs, and a cycle would complicate deletes.
    latestJobInstanceId: text('latest_job_instance_id'),
    createdAt: stamp('created_at'),
    lastUpdatedAt: stamp('last_updated_at'),
  },
  (t) => [index('auto_jobs_user_id_idx').on(t.userId)],
);

/** One run of a job: analyse → awaiting-confirmation → (Continue) render → finished. */
export const jobInstances = pgTable(
  'job_instances',
  {
    id: id(),
    autoJobId: text('auto_job_id')
      .notNull()
      .references(() => autoJobs.id, { onDelete: 'cascade' }),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    confirmed: boolean('confirmed').notNull().default(false),
    failureReason: text('failure_reason'),
    /** Fraction 0-1 of the current stage (analysis, then rendering). */
    progress: doublePrecision('progress').notNull().default(0),
    /** Issue 33: what the processing run is doing (null: nothing reported yet). */
    progressStage: text('progress_stage').$type<RunStage>(),
    /** The clip a framing or render stage works on, and of how many (1-based). */
    progressClip: integer('progress_clip'),
    progressClips: integer('progress_clips'),
    /** The time left as estimated at `progressAt` (the answer counts it down from there). */
    secondsLeft: doublePrecision('seconds_left'),
    progressAt: timestamp('progress_at', { withTimezone: true }),
    /** The pg-boss job doing this instance's current work, so Cancel can stop it. */
    queueJobName: text('queue_job_name'),
    queueJobId: text('queue_job_id'),
    /**
     * The unedited video this run works on, chosen once at Start. NOTE: no foreign key: assets
     * reference instances, and a cycle would complicate deletes (the jobs check it still exists).
     */
    videoAssetId: text('video_asset_id'),
    /** That video's probe: the upload's at Start, then the analysis's (with keyframes) for render. */
    videoProbe: jsonb('video_probe').$type<ProbeResult>(),
    /** Set the first time the finished result is downloaded: counts once toward the trial. */
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [index('job_instances_auto_job_id_idx').on(t.autoJobId)],
);

/**
 * Issue 33: how long each kind of a run's work takes on this server, as decayed sums of (video
 * seconds, seconds taken) over finished pieces (shared `speedFromSums` fits the line through
 * them); the time left of a running run is estimated from it.
 */
export const workSpeeds = pgTable('work_speeds', {
  kind: text('kind').$type<WorkKind>().primaryKey(),
  n: doublePrecision('n').notNull(),
  sumX: doublePrecision('sum_x').notNull(),
  sumY: doublePrecision('sum_y').notNull(),
  sumXX: doublePrecision('sum_xx').notNull(),
  sumXY: doublePrecision('sum_xy').notNull(),
  updatedAt: stamp('updated_at'),
});
