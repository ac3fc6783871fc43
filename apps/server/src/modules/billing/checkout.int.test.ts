import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths, billingSummarySchema, customerResponseSchema } from '@roughcut/shared';
import { CSRF_MESSAGE } from '../../http/csrf.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import { TEST_DATABASES, TEST_ORIGIN, startTestApp, withSession } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, errOf, signUp } from '../../test/video-edits.ts';
import { accounts } from '../../db/tables/account.schema.ts';
import { sessions } from '../../db/tables/auth.schema.ts';
import { hashToken } from '../auth/codes.ts';

describe.each(TEST_DATABASES)('Stripe checkout on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  const deliverToApp = async (payload: string, signature: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.paymentWebhook('stripe'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    if (response.statusCode !== 200) throw new Error(`webhook ${response.statusCode}`);
  };
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp(kind, { env: stripe.env() });
    stripe.setDeliver(deliverToApp);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** Buy plan as the browser sends it: a urlencoded form post from our own page. */
  const buyPlan = (token: string | undefined, origin = TEST_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.checkoutSession('stripe'),
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'plan=standard',
      ...(token ? withSession(token) : {}),
    });

  const userIdOf = async (token: string) => {
    const [row] = await t.app.ctx.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    return row?.userId ?? '';
  };

  const summaryOf = async (token: string) =>
    billingSummarySchema.parse((await caller(t, token)('GET', apiPaths.billing())).json());

  it('shows a new user a trial with its limits and payments available', async () => {
    const token = await signUp(t);
    expect(await summaryOf(token)).toEqual({
      subscription_type: 'trial',
      download_count: 0,
      edit_limit: 10,
      edits_remaining: 10,
      storage_used_bytes: 0,
      storage_limit_bytes: 2 * 1024 ** 3,
      max_upload_bytes: 1024 ** 3,
      payments_configured: true,
      provider: 'stripe',
      can_manage_subscription: false,
    });
  });

  it('redirects Buy plan to a subscription checkout for the configured price', async () => {
    const token = await signUp(t);
    const response = await buyPlan(token);
    expect(response.statusCode).toBe(303);
    const session = [...stripe.sessions.values()].at(-1);
    expect(response.headers.location).toBe(session?.url);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: await userIdOf(token),
      success_url: `${TEST_ORIGIN}/account/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_ORIGIN}/account/billing/cancelled`,
      line_items: [{ price: stripe.priceId, quantity: 1 }],
    });
    // Starting a checkout changes nothing: only the provider's event does.
    expect((await summaryOf(token)).subscription_type).toBe('trial');
  });

  it("lets the page's form post lead to Stripe's pages (CSP form-action)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const formAction = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('form-action'));
    expect(formAction?.trim().split(/\s+/)).toEqual([
      'form-action',
      "'self'",
      'https://checkout.stripe.com',
      'https://billing.stripe.com',
      stripe.apiBase,
    ]);
  });

  it('answers a JSON client with a 302 and the location in the body', async () => {
    const token = await signUp(t);
    const response = await caller(t, token)('POST', apiPaths.checkoutSession('stripe'), {});
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBeUndefined();
    expect(response.json<{ location: string }>().location).toMatch(/\/checkout\/cs_test_/);
  });

  it('blocks the form post from another site and sends a signed-out one to login', async () => {
    const token = await signUp(t);
    const before = stripe.sessions.size;
    const forged = await buyPlan(token, 'https://evil.example');
    expect(forged.statusCode).toBe(403);
    expect(errOf(forged)).toBe(CSRF_MESSAGE);
    expect(stripe.sessions.size).toBe(before);
    const signedOut = await buyPlan(undefined);
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/login');
  });

  it('names the customer only for their own completed checkout', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await buyPlan(alice);
    const session = [...stripe.sessions.values()].at(-1);
    const id = session?.id ?? '';
    const lookUp = (token: string, sessionId: string, provider = 'stripe') =>
      caller(t, token)('POST', apiPaths.customer(provider, sessionId));

    const early = await lookUp(alice, id);
    expect(early.statusCode).toBe(409);
    expect(errOf(early)).toMatch(/not been completed/);

    await stripe.completeCheckout(id, 'Alice Liddell');
    const named = await lookUp(alice, id);
    expect(named.statusCode).toBe(200);
    expect(customerResponseSchema.parse(named.json())).toEqual({ name: 'Alice Liddell' });

    for (const response of [
      await lookUp(bob, id),
      await lookUp(alice, 'cs_test_made_up'),
      await lookUp(alice, id, 'paypal'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errOf(response)).not.toContain('Alice');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPaths.customer('stripe', id),
      headers: { origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('upgrades on the paid event, then sends an upgraded user to the portal', async () => {
    const token = await signUp(t);
    await buyPlan(token);
    const session = [...stripe.sessions.values()].at(-1);
    await stripe.completeCheckout(session?.id ?? '', 'Carol');
    expect(stripe.deliveryErrors).toEqual([]);
    expect(await summaryOf(token)).toMatchObject({
      subscription_type: 'standard',
      edit_limit: null,
      edits_remaining: null,
      storage_limit_bytes: 10 * 1024 ** 3,
      can_manage_subscription: true,
    });
    const before = stripe.sessions.size;
    const again = await buyPlan(token);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/account/billing?checkout=already_standard');
    const json = await caller(t, token)('POST', apiPaths.checkoutSession('stripe'), {});
    expect(json.statusCode).toBe(302);
    expect(json.json()).toEqual({ location: '/account/billing?checkout=already_standard' });
    expect(stripe.sessions.size).toBe(before);

    const portal = await t.app.inject({
      method: 'POST',
      url: apiPaths.portalSession('stripe'),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
      ...withSession(token),
    });
    expect(portal.statusCode).toBe(303);
    expect(portal.headers.location).toContain(`/portal/${session?.subscription}`);
  });

  it('gives a second Buy plan (another tab) the checkout that is still open', async () => {
    const token = await signUp(t);
    const before = stripe.sessions.size;
    const first = await buyPlan(token);
    const second = await buyPlan(token);
    expect(first.statusCode).toBe(303);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(stripe.sessions.size).toBe(before + 1);
    const session = [...stripe.sessions.values()].at(-1);
    expect(first.headers.location).toBe(session?.url);
    expect(session?.status).toBe('open');
  });

  it('makes one checkout for two Buy plan posts at the same moment', async () => {
    const token = await signUp(t);
    const before = stripe.sessions.size;
    const replays = stripe.idempotentReplays();
    // NOTE: a slow Stripe keeps the race open: every request passes the database check before
    // the first checkout is recorded, so only Stripe's idempotency key can make them one.
    stripe.setLatency(400);
    let answers;
    try {
      answers = await Promise.all([buyPlan(token), buyPlan(token), buyPlan(token)]);
    } finally {
      stripe.setLatency(0);
    }
    const locations = new Set(answers.map((a) => a.headers.location));
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303]);
    expect(locations.size).toBe(1);
    expect(stripe.sessions.size).toBe(before + 1);
    expect([...locations][0]).toBe([...stripe.sessions.values()].at(-1)?.url);
    expect(stripe.idempotentReplays()).toBeGreaterThan(replays);
  });

  it('starts a new checkout once the earlier one has expired', async () => {
    const token = await signUp(t);
    const before = stripe.sessions.size;
    const first = await buyPlan(token);
    const expired = [...stripe.sessions.values()].at(-1);
    await stripe.expireCheckout(expired?.id ?? '');
    const second = await buyPlan(token);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).not.toBe(first.headers.location);
    expect(stripe.sessions.size).toBe(before + 2);
    const fresh = [...stripe.sessions.values()].at(-1);
    expect(fresh?.status).toBe('open');
    expect(second.headers.location).toBe(fresh?.url);
    expect(fresh?.client_reference_id).toBe(await userIdOf(token));
    // …and that new one is the one reused from then on.
    expect((await buyPlan(token)).headers.location).toBe(fresh?.url);
    expect(stripe.sessions.size).toBe(before + 2);
  });

  it('starts a new checkout when Stripe no longer knows the earlier one', async () => {
    const token = await signUp(t);
    await buyPlan(token);
    const lost = [...stripe.sessions.values()].at(-1);
    stripe.sessions.delete(lost?.id ?? '');
    const again = await buyPlan(token);
    expect(again.statusCode).toBe(303);
    const fresh = [...stripe.sessions.values()].at(-1);
    expect(fresh?.id).not.toBe(lost?.id);
    expect(again.headers.location).toBe(fresh?.url);
  });

  it('sends a paid checkout whose event is late to its success page, not a new checkout', async () => {
    const token = await signUp(t);
    await buyPlan(token);
    const paid = [...stripe.sessions.values()].at(-1);
    const deliveries = stripe.events.length;
    // The webhook is held back: Stripe has not delivered it yet.
    stripe.setDeliver(() => Promise.resolve());
    try {
      await stripe.completeCheckout(paid?.id ?? '', 'Erin');
    } finally {
      stripe.setDeliver(deliverToApp);
    }
    const before = stripe.sessions.size;
    const again = await buyPlan(token);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/account/billing/success?session_id=${paid?.id}`);
    expect(stripe.sessions.size).toBe(before);
    expect((await summaryOf(token)).subscription_type).toBe('trial');

    // The event arrives: Standard, and Buy plan says so.
    const [event] = stripe.events.slice(deliveries);
    const { payload, signature } = stripe.sign(event ?? {});
    await deliverToApp(payload, signature);
    expect((await summaryOf(token)).subscription_type).toBe('standard');
    expect((await buyPlan(token)).headers.location).toBe(
      '/account/billing?checkout=already_standard',
    );
  });

  it('starts a new checkout, as the same customer, after a paid plan has ended', async () => {
    const token = await signUp(t);
    await buyPlan(token);
    const first = [...stripe.sessions.values()].at(-1);
    await stripe.completeCheckout(first?.id ?? '', 'Frank');
    await stripe.endSubscription(first?.subscription ?? '');
    expect(stripe.deliveryErrors).toEqual([]);
    expect((await summaryOf(token)).subscription_type).toBe('trial');
    const before = stripe.sessions.size;
    const again = await buyPlan(token);
    expect(again.statusCode).toBe(303);
    expect(stripe.sessions.size).toBe(before + 1);
    const fresh = [...stripe.sessions.values()].at(-1);
    expect(again.headers.location).toBe(fresh?.url);
    expect(fresh).toMatchObject({ status: 'open', customer: first?.customer });
  });

  it('sends the user back to billing when Stripe cannot be reached', async () => {
    const token = await signUp(t);
    stripe.failNextCalls(10);
    try {
      const response = await buyPlan(token);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/account/billing?checkout=unavailable');
    } finally {
      stripe.failNextCalls(0);
    }
    const [row] = await t.app.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, await userIdOf(token)));
    expect(row?.subscriptionType).toBe('trial');
  });
});

describe.each(TEST_DATABASES)('billing without Stripe keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says payments are not configured everywhere a payment would start', async () => {
    const token = await signUp(t);
    const call = caller(t, token);
    const summary = billingSummarySchema.parse((await call('GET', apiPaths.billing())).json());
    expect(summary.payments_configured).toBe(false);
    const buy = await t.app.inject({
      method: 'POST',
      url: apiPaths.checkoutSession('stripe'),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'plan=standard',
      ...withSession(token),
    });
    expect(buy.statusCode).toBe(303);
    expect(buy.headers.location).toBe('/account/billing?checkout=not_configured');
    const customer = await call('POST', apiPaths.customer('stripe', 'cs_test_x'));
    expect(customer.statusCode).toBe(503);
    expect(errOf(customer)).toMatch(/^Payments are not configured on this server/);
    const webhook = await t.app.inject({
      method: 'POST',
      url: apiPaths.paymentWebhook('stripe'),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(503);
  });
});
