import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  ],
);

/** id is the SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const CODE_KINDS = ['confirm', 'reset', 'email_change'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** Single-use e-mailed codes; only their SHA-256 is stored. */
export const codes = pgTable(
  'codes',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind', { enum: CODE_KINDS }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The send-mail job that created the code: makes a retried job idempotent. */
    jobId: text('job_id').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('codes_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * Wrong-password counts per window: `key` is an account (`user:<id>` or `unknown:<name>`) or an
 * account and client pair. A login reserves its try here before the password is checked, so a
 * burst of simultaneous tries cannot pass the limit; a right password gives its try back.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_reset_at_idx').on(t.resetAt)],
);
