// Issue 36: webhooks after the Standard Webhooks specification. Addresses that reach loopback,
// private, link-local or metadata networks are refused at registration and at delivery; a
// receiver that fails three times gets the fourth attempt, each attempt logged; signatures are
// verified with the specification's own library, and one older than 5 minutes fails.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, WEBHOOK_MESSAGES } from '@roughcut/shared';
import { autoJobs } from '../../db/tables/edit.schema.ts';
import { callEndpoint, expectEndpointResponse } from '../../test/endpoint-client.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { signUp } from '../../test/video-edits.ts';
import { recordRunEvent, dispatchDeliveries } from './webhook-delivery.service.ts';
import { sendWebhook } from './webhook-sender.ts';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on loopback that answers 500 to the first `failures` requests, then 204. */
async function startReceiver(failures: number) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = received.length <= failures ? 500 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/roughcut`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 90_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(TEST_DATABASES)('webhooks on %s', (kind) => {
  describe('with the default address rules', () => {
    let t: TestApp;
    let session: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      session = await signUp(t);
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it.each([
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
    ])('refuses %s at registration', async (url) => {
      const response = await callEndpoint(t, ENDPOINTS.webhookCreate, {
        token: session,
        body: { url, events: ['edit.rendered'] },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ err: WEBHOOK_MESSAGES.privateAddress });
    });

    it('refuses plain http', async () => {
      const response = await callEndpoint(t, ENDPOINTS.webhookCreate, {
        token: session,
        body: { url: 'http://hooks.example.com/x', events: ['edit.rendered'] },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ err: WEBHOOK_MESSAGES.https });
    });

    it('refuses at delivery a name that now resolves to loopback (DNS rebinding)', async () => {
      const receiver = await startReceiver(0);
      try {
        const outcome = await sendWebhook(
          {
            url: receiver.url.replace('127.0.0.1', 'rebound.example.com'),
            secret: `whsec_${Buffer.from('a secret of twenty four!').toString('base64')}`,
            messageId: 'msg_rebinding',
            body: '{}',
            at: new Date(),
          },
          { allowPrivate: false, resolve: () => Promise.resolve(['127.0.0.1']) },
        );
        expect(outcome.outcome).toBe('refused');
        expect(outcome.error).toBe(WEBHOOK_MESSAGES.privateAddress);
        expect(receiver.received).toHaveLength(0);
      } finally {
        await receiver.close();
      }
    });
  });

  describe('with private addresses allowed (the operator says so)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_SECONDS: '1' },
      });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('gives a receiver that failed three times its fourth attempt, signed and logged', async () => {
      const receiver = await startReceiver(3);
      try {
        const session = await signUp(t);
        const created = expectEndpointResponse(
          ENDPOINTS.webhookCreate,
          await callEndpoint(t, ENDPOINTS.webhookCreate, {
            token: session,
            body: { url: receiver.url, events: ['edit.failed'] },
          }),
        );
        const edit = expectEndpointResponse(
          ENDPOINTS.autojobCreate,
          await callEndpoint(t, ENDPOINTS.autojobCreate, {
            token: session,
            body: { name: 'Hooked edit', steps: ['short-form-clips'] },
          }),
        );
        const { db, queue } = t.app.ctx;
        const [owner] = await db
          .select({ userId: autoJobs.userId })
          .from(autoJobs)
          .where(eq(autoJobs.id, edit.id));
        // NOTE: what the run's failure records in its transaction (lifecycle.repository.ts).
        await recordRunEvent(db, {
          event: 'edit.failed',
          userId: owner?.userId ?? '',
          jobId: edit.id,
          instanceId: edit.id,
          name: 'Hooked edit',
          status: 'failed',
          failureReason: 'The video has no sound.',
          at: new Date(),
        });
        expect(await dispatchDeliveries(db, queue)).toBe(1);
        await waitFor(() => receiver.received.length >= 4, 'the fourth attempt');

        const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
        expect(ids.size).toBe(1);
        const verifier = new Webhook(created.secret);
        for (const attempt of receiver.received) {
          const payload = verifier.verify(attempt.body, {
            'webhook-id': String(attempt.headers['webhook-id']),
            'webhook-timestamp': String(attempt.headers['webhook-timestamp']),
            'webhook-signature': String(attempt.headers['webhook-signature']),
          }) as { type: string; data: { auto_job_id: string; failure_reason: string } };
          expect(payload.type).toBe('edit.failed');
          expect(payload.data.auto_job_id).toBe(edit.id);
        }

        const listDeliveries = async () =>
          expectEndpointResponse(
            ENDPOINTS.webhookDeliveries,
            await callEndpoint(t, ENDPOINTS.webhookDeliveries, {
              token: session,
              params: { id: created.webhook.id },
            }),
          );
        let deliveries = await listDeliveries();
        await waitFor(async () => {
          deliveries = await listDeliveries();
          return deliveries.deliveries[0]?.status === 'delivered';
        }, 'the delivery logged as delivered');
        const codes = () => deliveries.deliveries[0]?.attempts.map((a) => a.response_code);
        expect(codes()?.sort()).toEqual([204, 500, 500, 500]);

        // "Send again" makes one more attempt with the same webhook-id.
        const delivery = deliveries.deliveries[0];
        const resent = await callEndpoint(t, ENDPOINTS.webhookResend, {
          token: session,
          params: { id: created.webhook.id, delivery_id: delivery?.id ?? '' },
        });
        expect(resent.statusCode, resent.body).toBe(200);
        await waitFor(() => receiver.received.length >= 5, 'the attempt sent again');
        expect(receiver.received[4]?.headers['webhook-id']).toBe(delivery?.id);
        await waitFor(async () => {
          deliveries = await listDeliveries();
          return (deliveries.deliveries[0]?.attempts.length ?? 0) >= 5;
        }, 'the fifth attempt logged');
      } finally {
        await receiver.close();
      }
    }, 120_000);

    it('fails the verification of a signature older than 5 minutes', () => {
      const secret = `whsec_${Buffer.from('another secret of 24 b!!').toString('base64')}`;
      const signer = new Webhook(secret);
      const body = JSON.stringify({ type: 'edit.rendered' });
      const headersAt = (at: Date) => ({
        'webhook-id': 'msg_old',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign('msg_old', at, body),
      });
      expect(() => signer.verify(body, headersAt(new Date()))).not.toThrow();
      const old = new Date(Date.now() - 6 * 60 * 1000);
      expect(() => signer.verify(body, headersAt(old))).toThrow();
    });
  });
});
