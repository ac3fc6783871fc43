import type { AssetStatus, AssetType } from '@roughcut/shared';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProbeResult } from '../../engine-adapter/engine-basics.adapter.ts';
import { autoJobs, jobInstances } from './edit.schema.ts';
import { clips } from './clips.schema.ts';

/** The uploaded video (unedited_video) and the rendered results (edited_video) of a job. */
export const assets = pgTable(
  'assets',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    autoJobId: text('auto_job_id')
      .notNull()
      .references(() => autoJobs.id, { onDelete: 'cascade' }),
    jobInstanceId: text('job_instance_id').references(() => jobInstances.id, {
      onDelete: 'cascade',
    }),
    clipId: text('clip_id').references(() => clips.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    assetType: text('asset_type').$type<AssetType>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    uploadedAmount: bigint('uploaded_amount', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<AssetStatus>().notNull(),
    failureReason: text('failure_reason'),
    storageKey: text('storage_key'),
    probe: jsonb('probe').$type<Omit<ProbeResult, 'keyframes'>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last write while uploading (every progress report): an upload silent for long is stale. */
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /** The process receiving an upload (`host/pid/boot`), so its restart can clear what it left. */
    uploadOwner: text('upload_owner'),
    /**
     * A resumable (tus) upload's id: its bytes wait in the tus folder until the last one arrives,
     * and no process owns it, so a restart resumes it instead of clearing it.
     */
    tusId: text('tus_id').unique(),
    /** When an unfinished resumable upload is given up: its bytes and reserved room are freed. */
    uploadExpiresAt: timestamp('upload_expires_at', { withTimezone: true }),
    /** The browser's fingerprint of the file (size and its first and last megabytes). */
    uploadFingerprint: text('upload_fingerprint'),
  },
  (t) => [
    index('assets_auto_job_id_idx').on(t.autoJobId),
    index('assets_clip_id_idx').on(t.clipId),
  ],
);
