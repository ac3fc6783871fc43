import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.schema.ts';

/** Every checkout this server started: the success page answers only its owner. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id (cs_…). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_sessions_user_id_idx').on(t.userId)],
);

/** Provider events already applied, so a redelivered webhook changes nothing twice. */
export const paymentEvents = pgTable('payment_events', {
  /** The provider's event id (evt_…). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
