import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const MEDIA_LINK_KINDS = ['file', 'zip'] as const;
export const MEDIA_DISPOSITIONS = ['inline', 'attachment'] as const;

/**
 * The /api/media links handed out: the URL carries only a random token, this row says what it
 * serves, until when and for whom. `id` is the SHA-256 of the token, so a leaked table cannot be
 * replayed as links.
 * NOTE: `session_id` has no foreign key on purpose: a link outlives its session's row for the
 * minutes until it expires, so it can answer "signed out" rather than "not valid"; the session
 * and its `credential_stamp` are checked on every request.
 */
export const mediaLinks = pgTable(
  'media_links',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    /** The session's password stamp when the link was made: a password change ends the link. */
    credentialStamp: text('credential_stamp').notNull(),
    kind: text('kind', { enum: MEDIA_LINK_KINDS }).notNull(),
    /** The file's storage key (`file` links). */
    storageKey: text('storage_key'),
    /** `[name inside the zip, storage key]` pairs (`zip` links). */
    entries: jsonb('entries').$type<[string, string][]>(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    disposition: text('disposition', { enum: MEDIA_DISPOSITIONS }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_links_expires_at_idx').on(t.expiresAt)],
);
