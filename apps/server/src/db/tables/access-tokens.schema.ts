import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ACCESS_TOKEN_SCOPES } from '@roughcut/shared';
import { users } from './auth.schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Personal access tokens (issue 36). `hash` is the SHA-256 of the token, so a leaked table
 * cannot be replayed; `hint` is its first characters, shown in the list. A revoked token keeps its
 * row, so a request with it is told it was revoked rather than that it is unknown.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ACCESS_TOKEN_SCOPES }).notNull(),
    hash: text('hash').notNull().unique(),
    hint: text('hint').notNull(),
    expiresAt: stamp('expires_at'),
    lastUsedAt: stamp('last_used_at'),
    revokedAt: stamp('revoked_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('access_tokens_user_id_idx').on(t.userId)],
);
