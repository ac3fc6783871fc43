import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, billingSummarySchema } from '@roughcut/shared';
import { NUL_MESSAGE } from '../../http/security.ts';
import { WEBHOOK_MESSAGES } from './billing-webhook.service.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import { TEST_DATABASES, TEST_ORIGIN, startTestApp, withSession } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, errOf, signUp } from '../../test/video-edits.ts';

type Outcome = 'applied' | 'duplicate' | 'ignored';

describe.each(TEST_DATABASES)('the Stripe webhook on %s', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  const outcomes: Outcome[] = [];
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp(kind, { env: stripe.env() });
    stripe.setDeliver(async (payload, signature) => {
      const response = await postWebhook(payload, signature);
      if (response.statusCode !== 200) throw new Error(`webhook ${response.statusCode}`);
      outcomes.push(response.json<{ outcome: Outcome }>().outcome);
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const postWebhook = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.paymentWebhook('stripe'),
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  const planOf = async (token: string) =>
    billingSummarySchema.parse((await caller(t, token)('GET', apiPaths.billing())).json())
      .subscription_type;

  /** A signed-up user who paid: returns the checkout and subscription ids. */
  async function subscribed(token: string) {
    const buy = await t.app.inject({
      method: 'POST',
      url: apiPaths.checkoutSession('stripe'),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'plan=standard',
      ...withSession(token),
    });
    const session = [...stripe.sessions.values()].find((s) => s.url === buy.headers.location);
    if (!session) throw new Error(`no checkout: ${buy.statusCode} ${buy.body}`);
    const event = await stripe.completeCheckout(session.id, 'Dana');
    return { session, event, subscriptionId: session.subscription ?? '' };
  }

  it('refuses a body that is unsigned, signed with another secret or altered', async () => {
    const token = await signUp(t);
    const { session } = await subscribed(token);
    const event = {
      id: 'evt_test_forged',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'customer.subscription.deleted',
      data: { object: { id: session.subscription, object: 'subscription', status: 'canceled' } },
    };
    const wrongSecret = stripe.sign(event, 'whsec_not_the_right_one');
    const good = stripe.sign(event);
    for (const response of [
      await postWebhook(good.payload),
      await postWebhook(wrongSecret.payload, wrongSecret.signature),
      await postWebhook(good.payload.replace('canceled', 'cancelled'), good.signature),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(errOf(response)).toBe('The webhook signature could not be verified.');
    }
    expect(await planOf(token)).toBe('standard');
  });

  it('refuses an event dated ahead of the clock or holding a NUL, and changes nothing', async () => {
    const token = await signUp(t);
    const { subscriptionId } = await subscribed(token);
    const nowS = Math.floor(Date.now() / 1000);
    const ended = (id: string, created = nowS) => ({
      id,
      object: 'event',
      api_version: null,
      created,
      livemode: false,
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId, object: 'subscription', status: 'canceled' } },
    });
    const post = (event: object, timestamp = nowS) => {
      const payload = JSON.stringify(event);
      const secret = stripe.env().STRIPE_WEBHOOK_SECRET ?? '';
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      return postWebhook(payload, signature);
    };
    for (const [response, err] of [
      [await post(ended('evt_test_signed_ahead'), nowS + 3600), WEBHOOK_MESSAGES.future],
      [await post(ended('evt_test_created_ahead', nowS + 3600)), WEBHOOK_MESSAGES.future],
      [await post(ended('evt_test_\u0000nul')), NUL_MESSAGE],
    ] as const) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errOf(response)).toBe(err);
    }
    expect(await planOf(token)).toBe('standard');
    // A clock a minute behind the provider's is still in step.
    const skewed = await post(ended('evt_test_skewed', nowS + 60), nowS + 60);
    expect(skewed.statusCode, skewed.body).toBe(200);
    expect(await planOf(token)).toBe('trial');
  });

  it('applies each event once, however often it is delivered', async () => {
    const token = await signUp(t);
    const { event: paid, subscriptionId } = await subscribed(token);
    expect(await planOf(token)).toBe('standard');
    const ended = await stripe.endSubscription(subscriptionId);
    expect(await planOf(token)).toBe('trial');

    outcomes.length = 0;
    const data = paid.data as { object: Record<string, unknown> };
    await stripe.sendEvent(String(paid.type), data.object, {
      id: String(paid.id),
      created: Number(ended.created),
    });
    await stripe.sendEvent(
      'customer.subscription.deleted',
      { id: subscriptionId },
      {
        id: String(ended.id),
      },
    );
    expect(outcomes).toEqual(['duplicate', 'duplicate']);
    expect(await planOf(token)).toBe('trial');
    expect(stripe.deliveryErrors).toEqual([]);
  });

  it('takes two deliveries of one event at the same moment as one', async () => {
    const token = await signUp(t);
    const { subscriptionId } = await subscribed(token);
    const event = {
      id: `evt_test_twice_${subscriptionId}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000) + 5,
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId, object: 'subscription', status: 'canceled' } },
    };
    const { payload, signature } = stripe.sign(event);
    const both = await Promise.all([
      postWebhook(payload, signature),
      postWebhook(payload, signature),
    ]);
    expect(both.map((r) => r.json<{ outcome: Outcome }>().outcome).sort()).toEqual([
      'applied',
      'duplicate',
    ]);
    expect(await planOf(token)).toBe('trial');
  });

  it('ignores late, foreign and superseded events', async () => {
    const token = await signUp(t);
    const first = await subscribed(token);
    outcomes.length = 0;
    // An older "ended" event arriving after the payment.
    await stripe.sendEvent(
      'customer.subscription.deleted',
      { id: first.subscriptionId, object: 'subscription', status: 'canceled' },
      { created: Number(first.event.created) - 60 },
    );
    // A checkout this server never started.
    await stripe.sendEvent('checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      customer: 'cus_test_x',
      subscription: 'sub_test_x',
    });
    expect(outcomes).toEqual(['ignored', 'ignored']);
    expect(await planOf(token)).toBe('standard');

    // Cancelled, then subscribed again: the first subscription's end leaves the second alone.
    await stripe.endSubscription(first.subscriptionId);
    const second = await subscribed(token);
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    outcomes.length = 0;
    await stripe.sendEvent('customer.subscription.deleted', {
      id: first.subscriptionId,
      object: 'subscription',
      status: 'canceled',
    });
    expect(outcomes).toEqual(['ignored']);
    expect(await planOf(token)).toBe('standard');
  });

  it('follows a subscription that stops being paid and comes back', async () => {
    const token = await signUp(t);
    const { subscriptionId } = await subscribed(token);
    const later = Math.floor(Date.now() / 1000) + 10;
    const update = (status: string, created: number) =>
      stripe.sendEvent(
        'customer.subscription.updated',
        { id: subscriptionId, object: 'subscription', status },
        { created },
      );
    await update('past_due', later);
    expect(await planOf(token)).toBe('standard');
    await update('unpaid', later + 1);
    expect(await planOf(token)).toBe('trial');
    await update('active', later + 2);
    expect(await planOf(token)).toBe('standard');
  });

  it('waits for a delayed payment before upgrading', async () => {
    const token = await signUp(t);
    const buy = await t.app.inject({
      method: 'POST',
      url: apiPaths.checkoutSession('stripe'),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'plan=standard',
      ...withSession(token),
    });
    const session = [...stripe.sessions.values()].find((s) => s.url === buy.headers.location);
    const object = {
      ...session,
      status: 'complete',
      payment_status: 'unpaid',
      customer: 'cus_test_debit',
      subscription: 'sub_test_debit',
    };
    await stripe.sendEvent('checkout.session.completed', object);
    expect(await planOf(token)).toBe('trial');
    await stripe.sendEvent('checkout.session.async_payment_succeeded', {
      ...object,
      payment_status: 'paid',
    });
    expect(await planOf(token)).toBe('standard');
  });
});
