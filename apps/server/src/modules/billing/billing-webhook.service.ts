import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../http/errors.ts';
import { NUL_MESSAGE, containsNul } from '../../http/security.ts';
import { findPlanAccountBySubscription, lockPlanAccount, updatePlan } from './plan.repository.ts';
import type { PlanAccount } from './plan.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findCheckoutSession, recordEventOnce } from './billing.repository.ts';
import type { PaymentEvent } from './stripe.gateway.ts';

// The provider's verified events are the only thing that changes a plan to standard or back:
// never the success page, which anyone can open.

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Providers do not keep their events in order: one older than the last applied is stale. */
const isStale = (account: PlanAccount, event: PaymentEvent): boolean =>
  account.planEventAt !== null && event.created.getTime() < account.planEventAt.getTime();

async function applyCheckoutPaid(
  tx: DbOrTx,
  event: Extract<PaymentEvent, { kind: 'checkout_paid' }>,
): Promise<EventOutcome> {
  // NOTE: only checkouts started here count: another app on the same Stripe account, or a
  // session made up by hand, upgrades nobody.
  const session = await findCheckoutSession(tx, event.sessionId);
  if (!session) return 'ignored';
  const account = await lockPlanAccount(tx, session.userId);
  if (!account || isStale(account, event)) return 'ignored';
  await updatePlan(tx, account.userId, {
    subscriptionType: 'standard',
    stripeCustomerId: event.customerId ?? account.stripeCustomerId,
    stripeSubscriptionId: event.subscriptionId ?? account.stripeSubscriptionId,
    planEventAt: event.created,
  });
  return 'applied';
}

async function applySubscriptionChange(
  tx: DbOrTx,
  event: Extract<PaymentEvent, { kind: 'subscription_active' | 'subscription_ended' }>,
): Promise<EventOutcome> {
  // NOTE: matched on the account's current subscription, so the end of an older one (after the
  // user subscribed again) leaves the plan alone.
  const found = await findPlanAccountBySubscription(tx, event.subscriptionId);
  const account = found && (await lockPlanAccount(tx, found.userId));
  if (!account || account.stripeSubscriptionId !== event.subscriptionId) return 'ignored';
  if (isStale(account, event)) return 'ignored';
  await updatePlan(tx, account.userId, {
    subscriptionType: event.kind === 'subscription_active' ? 'standard' : 'trial',
    planEventAt: event.created,
  });
  return 'applied';
}

/** How far ahead of this server's clock a signature or an event may be dated (clock skew). */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

export const WEBHOOK_MESSAGES = {
  future:
    "The webhook is dated more than 5 minutes ahead of this server's clock, so it was not applied. If the server's clock is behind, set it right; the provider retries.",
} as const;

/**
 * Refuses what a valid signature does not make safe to store. The provider's library refuses old
 * signatures only; one dated ahead would stay replayable, and an event dated ahead would make
 * every later event look stale (`isStale`) and freeze the plan.
 */
function checkStorable(event: PaymentEvent, now: Date): void {
  const latest = now.getTime() + MAX_FUTURE_SKEW_MS;
  if (event.signedAt.getTime() > latest || event.created.getTime() > latest) {
    throw badRequest(WEBHOOK_MESSAGES.future);
  }
  // NOTE: PostgreSQL refuses a NUL in text; the input guard does not scan the raw webhook body.
  if (containsNul(event)) throw badRequest(NUL_MESSAGE);
}

/**
 * Applies a verified event once: a redelivery of the same event id changes nothing. An event
 * dated ahead of the clock or holding a NUL is refused (400) and changes nothing.
 */
export async function applyPaymentEvent(
  ctx: AppContext,
  event: PaymentEvent,
): Promise<EventOutcome> {
  checkStorable(event, ctx.now());
  return ctx.db.transaction(async (tx) => {
    const fresh = await recordEventOnce(tx, {
      id: event.id,
      type: event.type,
      receivedAt: ctx.now(),
    });
    if (!fresh) return 'duplicate';
    switch (event.kind) {
      case 'checkout_paid':
        return applyCheckoutPaid(tx, event);
      case 'subscription_active':
      case 'subscription_ended':
        return applySubscriptionChange(tx, event);
      case 'other':
        return 'ignored';
    }
  });
}
