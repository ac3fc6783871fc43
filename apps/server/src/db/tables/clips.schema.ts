import type {
  ClipDraft,
  ClipReframe,
  DrawSettings,
  FramingPlan,
  Gap,
  JobStatus,
  ScoreFeatures,
  Segment,
  StepType,
} from '@roughcut/shared';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { autoJobs, jobInstances } from './edit.schema.ts';

/**
 * What the clip screen's confirms stored, each part optional: the gaps to cut, the phrases to burn
 * (with their words) and the subtitle style. Unconfirm keeps them (see clipSchema in the contract).
 */
export type ClipEdits = { cut?: Gap[]; phrases?: Segment[]; subtitle?: DrawSettings };

/**
 * A short's framing plans (issue 21), both from one face track, and the clip window they were
 * planned for: the clip's plans only while that window is still the clip's (clip-framing.rules.ts),
 * whichever framing it has or the clip screen picks. A split without two lasting faces is follow.
 */
export type StoredFraming = {
  startS: number;
  endS: number;
  follow: FramingPlan;
  split: FramingPlan;
};

export const clips = pgTable(
  'clips',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    autoJobId: text('auto_job_id')
      .notNull()
      .references(() => autoJobs.id, { onDelete: 'cascade' }),
    autoJobInstanceId: text('auto_job_instance_id')
      .notNull()
      .references(() => jobInstances.id, { onDelete: 'cascade' }),
    stepType: text('step_type').$type<StepType>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    engagementScore: doublePrecision('engagement_score').notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    failureReason: text('failure_reason'),
    isLongForm: boolean('is_long_form').notNull(),
    /** The clip's window in the source, seconds. */
    startS: doublePrecision('start_s').notNull(),
    endS: doublePrecision('end_s').notNull(),
    segments: jsonb('segments').$type<Segment[]>().notNull(),
    /** The detected gaps: silences, and fillers (`kind: 'filler'`) the cut holds only if asked. */
    gaps: jsonb('gaps').$type<Gap[]>().notNull(),
    /** The edit's "Remove filler words" when the clip was made: its fillers start cut. */
    removeFillers: boolean('remove_fillers').notNull().default(false),
    drawSettings: jsonb('draw_settings').$type<DrawSettings>().notNull(),
    scoreFeatures: jsonb('score_features').$type<ScoreFeatures>(),
    // NOTE: the column kept its first name, `confirm`; renaming it would be a migration for nothing.
    edits: jsonb('confirm').$type<ClipEdits>(),
    /** How a short is framed in 9:16: the edit's default when found, then the confirmed choice. */
    reframe: text('reframe').$type<ClipReframe>().notNull().default('centre'),
    /** The follow path and the split's places, found in the background; the render uses them too. */
    framing: jsonb('framing').$type<StoredFraming>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clips_auto_job_id_idx').on(t.autoJobId),
    index('clips_instance_id_idx').on(t.autoJobInstanceId),
  ],
);

/**
 * Issue 31: the user's draft of a clip (every change of the clip screen and the timeline editor
 * not yet confirmed), one per clip. Saved only while the clip is editable; a confirm removes it in
 * its own transaction; deleting the clip (its run or its edit) removes it with it.
 */
export const clipDrafts = pgTable('clip_drafts', {
  clipId: text('clip_id')
    .primaryKey()
    .references(() => clips.id, { onDelete: 'cascade' }),
  body: jsonb('body').$type<ClipDraft>().notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});
