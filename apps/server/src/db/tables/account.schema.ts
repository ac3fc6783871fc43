import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.schema.ts';

export const accounts = pgTable(
  'accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionType: text('subscription_type').notNull().default('trial'),
    downloadCount: integer('download_count').notNull().default(0),
    /** The payment provider's customer and current subscription, once the user has paid. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /**
     * Creation time of the last provider event that changed the plan: an older event arriving
     * late (providers do not keep order) must not undo a newer one.
     */
    planEventAt: timestamp('plan_event_at', { withTimezone: true }),
  },
  (t) => [index('accounts_stripe_subscription_id_idx').on(t.stripeSubscriptionId)],
);
