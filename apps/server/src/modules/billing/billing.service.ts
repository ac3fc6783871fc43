import type { BillingSummary, CustomerResponse } from '@roughcut/shared';
import type { FastifyBaseLogger } from 'fastify';
import { BILLING_MESSAGES, PAYMENT_PROVIDER, remainingEdits } from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { findPlanAccount } from './plan.repository.ts';
import type { SessionUser } from '../auth/index.ts';
import type { PlanAccount } from './plan.repository.ts';
import {
  findCheckoutSession,
  findLatestCheckoutSession,
  insertCheckoutSession,
} from './billing.repository.ts';
import { storageUsedBytes } from '../assets/index.ts';
import type { PaymentGateway } from './stripe.gateway.ts';
import {
  editLimitOf,
  isPaidPlan,
  maxUploadBytesOf,
  storageLimitBytes,
} from './plan-limits.rules.ts';

/** Why a checkout could not start; the billing page explains each (`?checkout=<problem>`). */
export class CheckoutProblemError extends Error {
  readonly problem: 'not_configured' | 'unavailable' | 'already_standard';
  constructor(problem: CheckoutProblemError['problem'], options?: { cause: unknown }) {
    super(problem, options);
    this.name = 'CheckoutProblemError';
    this.problem = problem;
  }
}

const notConfigured = () => new HttpError(503, BILLING_MESSAGES.notConfigured);
const unavailable = () => new HttpError(502, BILLING_MESSAGES.unavailable);

export async function getBillingSummary(
  ctx: AppContext,
  userId: string,
  gateway: PaymentGateway | undefined,
): Promise<BillingSummary> {
  const account = await findPlanAccount(ctx.db, userId);
  const type = account?.subscriptionType ?? 'trial';
  const downloads = account?.downloadCount ?? 0;
  const limit = editLimitOf(type);
  return {
    subscription_type: type,
    download_count: downloads,
    edit_limit: limit,
    edits_remaining: limit === null ? null : remainingEdits(downloads),
    storage_used_bytes: await storageUsedBytes(ctx.db, userId),
    storage_limit_bytes: storageLimitBytes(type),
    max_upload_bytes: Math.min(ctx.config.maxUploadBytes, maxUploadBytesOf(type)),
    payments_configured: gateway !== undefined,
    provider: PAYMENT_PROVIDER,
    can_manage_subscription: gateway !== undefined && Boolean(account?.stripeCustomerId),
  };
}

/**
 * Where a checkout the user started earlier leaves them, or null when a new one may start: an open
 * one is paid on its own page (a second tab must not open a second checkout), and a paid one whose
 * event has not arrived yet shows its success page, which waits for the plan to change.
 */
async function earlierCheckoutTarget(
  gateway: PaymentGateway,
  sessionId: string,
  account: PlanAccount | undefined,
): Promise<string | null> {
  let details;
  try {
    details = await gateway.retrieveCheckout(sessionId);
  } catch (error) {
    throw new CheckoutProblemError('unavailable', { cause: error });
  }
  if (!details) return null;
  if (details.status === 'open' && details.url) return details.url;
  const applied =
    details.subscriptionId !== null && details.subscriptionId === account?.stripeSubscriptionId;
  if (details.status === 'complete' && details.paid && !applied)
    return `/account/billing/success?session_id=${encodeURIComponent(details.id)}`;
  // Expired, or paid and since ended (the user is back on the trial): a new checkout is right.
  return null;
}

/**
 * Starts a Standard subscription checkout; returns the page to send the user to. At most one
 * checkout is open per user: requests that see the same latest checkout (racing tabs) send the
 * provider the same idempotency key, so they get the same new session.
 */
export async function startCheckout(
  ctx: AppContext,
  user: SessionUser,
  gateway: PaymentGateway | undefined,
): Promise<string> {
  if (!gateway) throw new CheckoutProblemError('not_configured');
  const account = await findPlanAccount(ctx.db, user.id);
  if (account && isPaidPlan(account.subscriptionType))
    throw new CheckoutProblemError('already_standard');
  const latest = await findLatestCheckoutSession(ctx.db, user.id);
  if (latest) {
    const target = await earlierCheckoutTarget(gateway, latest.id, account);
    if (target) return target;
  }
  let session;
  try {
    session = await gateway.createCheckout({
      userId: user.id,
      email: user.email,
      customerId: account?.stripeCustomerId ?? null,
      // NOTE: Stripe fills in {CHECKOUT_SESSION_ID} itself; it must stay unescaped.
      successUrl: `${ctx.config.publicUrl}/account/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ctx.config.publicUrl}/account/billing/cancelled`,
      idempotencyKey: `roughcut-checkout:${user.id}:after:${latest?.id ?? 'none'}`,
    });
  } catch (error) {
    throw new CheckoutProblemError('unavailable', { cause: error });
  }
  await insertCheckoutSession(ctx.db, { id: session.id, userId: user.id, createdAt: ctx.now() });
  return session.url;
}

/**
 * The success page's customer name: only for a checkout this user started here and completed.
 * Anyone else's session id, or a made-up one, is not found.
 */
export async function lookUpCustomer(
  ctx: AppContext,
  user: SessionUser,
  sessionId: string,
  gateway: PaymentGateway | undefined,
  log: FastifyBaseLogger,
): Promise<CustomerResponse> {
  if (!gateway) throw notConfigured();
  const mine = await findCheckoutSession(ctx.db, sessionId);
  if (!mine || mine.userId !== user.id) throw notFound(BILLING_MESSAGES.checkoutNotFound);
  let details;
  try {
    details = await gateway.retrieveCheckout(sessionId);
  } catch (error) {
    log.warn({ err: error, sessionId }, 'checkout lookup failed');
    throw unavailable();
  }
  if (!details || details.clientReferenceId !== user.id)
    throw notFound(BILLING_MESSAGES.checkoutNotFound);
  if (details.status !== 'complete') throw new HttpError(409, BILLING_MESSAGES.checkoutIncomplete);
  return { name: details.customerName || details.customerEmail || user.username };
}

/** The provider's page where a paying user changes their card or cancels. */
export async function startPortal(
  ctx: AppContext,
  userId: string,
  gateway: PaymentGateway | undefined,
): Promise<string> {
  if (!gateway) throw new CheckoutProblemError('not_configured');
  const account = await findPlanAccount(ctx.db, userId);
  if (!account?.stripeCustomerId) throw new HttpError(409, BILLING_MESSAGES.noSubscription);
  try {
    return (
      await gateway.createPortal(
        account.stripeCustomerId,
        `${ctx.config.publicUrl}/account/billing`,
      )
    ).url;
  } catch (error) {
    throw new CheckoutProblemError('unavailable', { cause: error });
  }
}
