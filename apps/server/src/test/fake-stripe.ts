// A small stand-in for the few Stripe endpoints billing uses, on loopback: the real `stripe` client
// is pointed at it (STRIPE_API_BASE), and its webhooks are signed with the real library's helper.
// It also serves a plain checkout page and a portal page, so a browser can walk the whole journey.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { handlePage, readBody, send } from './fake-stripe-pages.ts';

type Json = Record<string, unknown>;

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  /** Stripe's own rule: only an open session has a page to pay on. */
  url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { name: string | null; email: string | null } | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Json;
  line_items: { price: string; quantity: number }[];
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
};

/** Delivers one signed webhook; the default posts it to the configured URL. */
export type Deliver = (payload: string, signature: string) => Promise<void>;

export type FakeStripe = {
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** The STRIPE_* settings that point a Roughcut server at this fake. */
  env: () => Record<string, string>;
  sessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every event sent, in order (whether its delivery succeeded or not). */
  events: Json[];
  deliveryErrors: string[];
  setDeliver: (deliver: Deliver) => void;
  /** Where the default delivery posts webhooks (a server started after the fake). */
  setWebhookUrl: (url: string) => void;
  /** Every API call takes this long to answer, as over a slow network (0 = at once). */
  setLatency: (ms: number) => void;
  /** The next `count` API calls answer 500, as during an outage. */
  failNextCalls: (count: number) => void;
  /** The open session expires (Stripe does so after 24 hours): checkout.session.expired is sent. */
  expireCheckout: (sessionId: string) => Promise<Json>;
  /** Answers replayed for a repeated Idempotency-Key, as Stripe does, rather than run again. */
  idempotentReplays: () => number;
  /** The customer pays: the session completes and checkout.session.completed is sent. */
  completeCheckout: (sessionId: string, name: string) => Promise<Json>;
  /** The subscription ends: customer.subscription.deleted is sent. */
  endSubscription: (subscriptionId: string) => Promise<Json>;
  /** Sends an event (again); with `id` it is a redelivery of that event. */
  sendEvent: (
    type: string,
    object: Json,
    options?: { id?: string; created?: number },
  ) => Promise<Json>;
  /** A signed event body and its Stripe-Signature header, without sending it. */
  sign: (event: Json, secret?: string) => { payload: string; signature: string };
  close: () => Promise<void>;
};

/** A form field as text ('' when absent or not text). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function decodeStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (response: ServerResponse, status: number, message: string) =>
  send(response, status, { error: { type: 'invalid_request_error', message } });

export async function startFakeStripe(
  options: { webhookUrl?: string; priceId?: string } = {},
): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const priceId = options.priceId ?? 'price_test_standard';
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const events: Json[] = [];
  const deliveryErrors: string[] = [];
  let failures = 0;
  let replays = 0;
  let latency = 0;
  /** Idempotency-Key → the request body and the answer Stripe keeps for it. */
  const answered = new Map<string, { body: string; status: number; answer: unknown }>();
  let base = '';
  let webhookUrl = options.webhookUrl;
  let deliver: Deliver = async (payload, signature) => {
    if (!webhookUrl) throw new Error('fake Stripe: no webhook URL to deliver to');
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    if (!response.ok)
      throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
  };

  const sign = (event: Json, secret = webhookSecret) => {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };

  const sendEvent: FakeStripe['sendEvent'] = async (type, object, eventOptions = {}) => {
    const event: Json = {
      id: eventOptions.id ?? newId('evt'),
      object: 'event',
      api_version: null,
      created: eventOptions.created ?? Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    };
    events.push(event);
    const { payload, signature } = sign(event);
    try {
      await deliver(payload, signature);
    } catch (error) {
      deliveryErrors.push(String(error));
    }
    return event;
  };

  const completeCheckout: FakeStripe['completeCheckout'] = async (sessionId, name) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} not open`);
    const customer = session.customer ?? newId('cus');
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      url: null,
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
      customer_details: { name, email: session.customer_email },
    });
    return sendEvent('checkout.session.completed', { ...session });
  };

  const expireCheckout: FakeStripe['expireCheckout'] = async (sessionId) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} not open`);
    Object.assign(session, { status: 'expired', url: null });
    return sendEvent('checkout.session.expired', { ...session });
  };

  const endSubscription: FakeStripe['endSubscription'] = async (subscriptionId) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${subscriptionId}`);
    subscription.status = 'canceled';
    return sendEvent('customer.subscription.deleted', { ...subscription });
  };

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(response, 401, 'Invalid API Key provided.');
    if (failures > 0) {
      failures -= 1;
      return send(response, 500, { error: { type: 'api_error', message: 'fake outage' } });
    }
    const body = await readBody(request);
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    // NOTE: Stripe keeps a POST's answer for its Idempotency-Key (24 hours): the same key answers
    // the same again without running it, and the key with other parameters is refused.
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const earlier = typeof key === 'string' ? answered.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== body)
        return send(response, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      replays += 1;
      return send(response, earlier.status, earlier.answer);
    }
    const remember = (status: number, answer: unknown) => {
      if (typeof key === 'string') answered.set(key, { body, status, answer });
      return send(response, status, answer);
    };
    const form = decodeStripeForm(body);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const items = (form.line_items ?? []) as { price?: string; quantity?: string }[];
      if (form.mode !== 'subscription')
        return stripeError(response, 400, 'mode must be subscription');
      if (items.length !== 1 || items[0]?.price !== priceId)
        return stripeError(response, 400, `No such price: '${items[0]?.price ?? ''}'`);
      if (!text(form.success_url).includes('{CHECKOUT_SESSION_ID}'))
        return stripeError(response, 400, 'success_url must carry {CHECKOUT_SESSION_ID}');
      const id = newId('cs');
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/checkout/${id}`,
        client_reference_id: (form.client_reference_id as string | undefined) ?? null,
        customer: (form.customer as string | undefined) ?? null,
        customer_email: (form.customer_email as string | undefined) ?? null,
        customer_details: null,
        subscription: null,
        success_url: text(form.success_url),
        cancel_url: text(form.cancel_url),
        metadata: (form.metadata ?? {}) as Json,
        line_items: items.map((i) => ({
          price: String(i.price),
          quantity: Number(i.quantity ?? 1),
        })),
      };
      sessions.set(id, session);
      return remember(200, { ...session });
    }
    if (request.method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1] ?? ''));
      if (!session) return stripeError(response, 404, 'No such checkout.session');
      return send(response, 200, session);
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = text(form.customer);
      const subscription = [...subscriptions.values()].find(
        (s) => s.customer === customer && s.status === 'active',
      );
      const id = newId('bps');
      const returnUrl = encodeURIComponent(text(form.return_url));
      const target = `${base}/portal/${subscription?.id ?? 'none'}?return_url=${returnUrl}`;
      return send(response, 200, { id, object: 'billing_portal.session', url: target });
    }
    return stripeError(
      response,
      404,
      `Unrecognized request URL (${request.method} ${url.pathname})`,
    );
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const handled = url.pathname.startsWith('/v1/')
      ? api(request, response, url)
      : handlePage(request, response, url, {
          findSession: (id) => sessions.get(id),
          hasSubscription: (id) => subscriptions.has(id),
          pay: completeCheckout,
          cancel: endSubscription,
        });
    handled.catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: { message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiBase: base,
    secretKey,
    webhookSecret,
    priceId,
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: priceId,
      STRIPE_API_BASE: base,
    }),
    sessions,
    subscriptions,
    events,
    deliveryErrors,
    setDeliver: (next) => {
      deliver = next;
    },
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    setLatency: (ms) => {
      latency = ms;
    },
    failNextCalls: (count) => {
      failures = count;
    },
    expireCheckout,
    idempotentReplays: () => replays,
    completeCheckout,
    endSubscription,
    sendEvent,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
