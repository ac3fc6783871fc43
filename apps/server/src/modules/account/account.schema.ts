import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';

export const accounts = pgTable('accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscriptionType: text('subscription_type').notNull().default('trial'),
  downloadCount: integer('download_count').notNull().default(0),
});
