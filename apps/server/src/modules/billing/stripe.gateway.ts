import Stripe from 'stripe';
import type { StripeSettings } from '../../config-stripe.ts';

// The only file that speaks Stripe: it turns the few calls and events billing needs into plain
// values, so the rest of the module (and its tests) never sees the provider's shapes.

export type CheckoutRequest = {
  userId: string;
  email: string;
  /** The provider's customer from an earlier purchase, so one person stays one customer. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /**
   * The provider answers every request with this key with the same session (within 24 hours), so
   * two requests racing each other cannot make two checkouts.
   */
  idempotencyKey: string;
};

export type CheckoutDetails = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** The provider's page to pay on; only while the session is open. */
  url: string | null;
  /** Paid (or nothing to pay): the subscription exists, whether its event has arrived or not. */
  paid: boolean;
  subscriptionId: string | null;
  clientReferenceId: string | null;
  customerName: string | null;
  customerEmail: string | null;
};

/**
 * A verified provider event, reduced to what changes a plan. `signedAt` is when the provider
 * signed this delivery (the signature's timestamp); `created` is when the event happened.
 */
export type PaymentEvent = { id: string; type: string; created: Date; signedAt: Date } & (
  | {
      kind: 'checkout_paid';
      sessionId: string;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | { kind: 'subscription_active' | 'subscription_ended'; subscriptionId: string }
  | { kind: 'other' }
);

export type PaymentGateway = {
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** null when the provider has no such session (another account or mode, or made up). */
  retrieveCheckout(sessionId: string): Promise<CheckoutDetails | null>;
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it fails. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
};

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A provider call failed (network, outage, bad key or price): nothing was bought. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);
const ACTIVE_STATUSES = new Set(['active', 'trialing']);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function clientOptions(settings: StripeSettings): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Roughcut' },
  };
  if (settings.apiBase) {
    const base = new URL(settings.apiBase);
    options.host = base.hostname;
    options.protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.port = base.port || (base.protocol === 'http:' ? 80 : 443);
  }
  return options;
}

/** A status this code does not know counts as closed: at worst a new checkout starts. */
const toCheckoutStatus = (status: string | null): CheckoutDetails['status'] =>
  status === 'open' || status === 'complete' ? status : 'expired';

const isMissing = (error: unknown): boolean =>
  error instanceof PaymentProviderError &&
  error.cause instanceof Stripe.errors.StripeError &&
  error.cause.statusCode === 404;

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PaymentProviderError(`Stripe ${what} failed`, { cause: error });
  }
}

/** The `t=` of a Stripe-Signature header (seconds); the signature check has already passed. */
function signatureTime(signature: string): Date {
  const seconds = /(?:^|,)\s*t=(\d+)/.exec(signature)?.[1];
  return new Date(Number(seconds ?? 0) * 1000);
}

function toPaymentEvent(event: Stripe.Event, signedAt: Date): PaymentEvent {
  const base = {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    signedAt,
  };
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data.object;
    // NOTE: a completed checkout paid by bank debit is still 'unpaid'; its
    // async_payment_succeeded event follows once the money arrives.
    if (session.mode !== 'subscription' || session.payment_status === 'unpaid')
      return { ...base, kind: 'other' };
    return {
      ...base,
      kind: 'checkout_paid',
      sessionId: session.id,
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
    };
  }
  if (event.type === 'customer.subscription.deleted')
    return { ...base, kind: 'subscription_ended', subscriptionId: event.data.object.id };
  if (event.type === 'customer.subscription.updated') {
    const subscription = event.data.object;
    if (ENDED_STATUSES.has(subscription.status))
      return { ...base, kind: 'subscription_ended', subscriptionId: subscription.id };
    if (ACTIVE_STATUSES.has(subscription.status))
      return { ...base, kind: 'subscription_active', subscriptionId: subscription.id };
  }
  return { ...base, kind: 'other' };
}

export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings));
  return {
    async createCheckout(request) {
      const session = await call('checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: settings.priceId, quantity: 1 }],
            client_reference_id: request.userId,
            metadata: { user_id: request.userId },
            subscription_data: { metadata: { user_id: request.userId } },
            ...(request.customerId
              ? { customer: request.customerId }
              : { customer_email: request.email }),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(sessionId) {
      let session;
      try {
        session = await call('checkout lookup', () => stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return {
        id: session.id,
        status: toCheckoutStatus(session.status),
        url: session.url,
        paid: session.payment_status !== 'unpaid',
        subscriptionId: idOf(session.subscription),
        clientReferenceId: session.client_reference_id,
        customerName: session.customer_details?.name ?? null,
        customerEmail: session.customer_details?.email ?? null,
      };
    },

    async createPortal(customerId, returnUrl) {
      const portal = await call('billing portal', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: portal.url };
    },

    verifyEvent(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      return toPaymentEvent(event, signatureTime(signature));
    },
  };
}

/**
 * Where Buy plan and Manage subscription may lead: the page's CSP `form-action` also governs the
 * redirect a form post answers with, so the provider's pages must be listed.
 */
export function paymentFormActions(settings: StripeSettings | undefined): string[] {
  if (!settings) return [];
  const hosts = ['https://checkout.stripe.com', 'https://billing.stripe.com'];
  // NOTE: with a test API base, its fake checkout pages are served from that same origin.
  return settings.apiBase ? [...hosts, new URL(settings.apiBase).origin] : hosts;
}
