import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, webhookPayloadSchema } from '@roughcut/shared';
import { openBrowser } from './support/browser.ts';
import type { BrowserSession } from './support/browser.ts';
import { signUp, startEdit, waitForJob } from './support/journey.ts';
import { startServer } from './support/server.ts';
import type { RunningServer } from './support/server.ts';

// Issue 36: the account page's "Webhooks" shows the server's refusal of an address under its
// field; a webhook added there shows its signing secret once; an edit's event reaches the receiver
// signed with it (Standard Webhooks), the failed first attempt is retried, the page lists every
// attempt with its response code, "Send again" sends the same message once more, and Delete
// (after a confirm) removes the webhook.
// NOTE: the receiver listens on loopback over plain http, which the server allows only with
// WEBHOOK_ALLOW_PRIVATE (as webhooks.int.test.ts does); the edit is of a 3 s tone with no words,
// which the pipeline analyses without transcribing, so its clips are ready within seconds.

const run = promisify(execFile);

type Received = { headers: IncomingHttpHeaders; body: string };

let server: RunningServer;
let session: BrowserSession;
let workDir: string;
let video: string;
const received: Received[] = [];
let receiver: http.Server;
let receiverUrl: string;
const warnings: string[] = [];

/** A receiver that answers 500 to the first request and 204 to every later one. */
async function startReceiver(): Promise<void> {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = received.length === 1 ? 500 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/roughcut`;
}

/** A 3 s 640x360 video whose sound is a tone: an edit of it has no words to transcribe. */
async function makeToneVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'tone.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=0x336699:s=640x360:r=25:d=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
  ]);
  return out;
}

/** The Standard Webhooks signature of a message: v1, HMAC-SHA256 of "id.timestamp.body". */
function expectedSignature(secret: string, message: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const { 'webhook-id': id = '', 'webhook-timestamp': timestamp = '' } = message.headers;
  const signed = `${String(id)}.${String(timestamp)}.${message.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

async function waitForReceived(count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error(`${received.length} of ${count} requests came`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const fromApp = (message: ConsoleMessage) =>
  (message.type() === 'warning' || message.type() === 'error') &&
  !message.text().startsWith('Failed to load resource');

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'roughcut-webhooks-e2e-'));
  [server, video] = await Promise.all([
    startServer({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_SECONDS: '1' }),
    makeToneVideo(workDir),
    startReceiver(),
  ]);
  session = await openBrowser(server.baseUrl, { viewport: { width: 1440, height: 900 } });
  session.page.on('console', (message) => {
    if (fromApp(message)) warnings.push(message.text());
  });
  session.page.on('pageerror', (error) => warnings.push(String(error)));
}, 300_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('webhooks on the account page', () => {
  it('adds a receiver, delivers a signed event with its attempts logged, sends it again, deletes', async () => {
    const { page } = session;
    try {
      await signUp(page, 'hooked');
      await page.goto('/account');
      const card = page.getByRole('region', { name: 'Webhooks' });
      await card.getByTestId('webhooks-empty').waitFor();
      const field = card.getByLabel('Receiver URL');
      await field.fill('ftp://hooks.example.com/x');
      await card.getByRole('button', { name: 'Add webhook' }).click();
      await card.getByText(WEBHOOK_MESSAGES.https).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await field.fill(receiverUrl);
      await card.getByRole('button', { name: 'Add webhook' }).click();
      const secret = (await card.getByTestId('new-webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      const row = card.getByRole('listitem', { name: `Webhook ${receiverUrl}` });
      await row.getByText('Active', { exact: true }).waitFor();
      await session.screenshot('account-webhooks-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await session.screenshot('account-webhooks-secret-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.goto('/edits');
      const jobId = await startEdit(page, 'Hooked tone', video);
      await waitForJob(page, jobId, ['awaiting-confirmation'], 120_000);
      await waitForReceived(2, 30_000);
      const [first, second] = received;
      expect(first?.headers['webhook-id']).toBe(second?.headers['webhook-id']);
      for (const message of [first, second]) {
        if (!message) continue;
        expect(message.headers['webhook-signature']).toBe(expectedSignature(secret, message));
        const payload = webhookPayloadSchema.parse(JSON.parse(message.body));
        expect(payload).toMatchObject({
          type: 'edit.clips_ready',
          data: { auto_job_id: jobId, name: 'Hooked tone' },
        });
      }

      await page.goto('/account');
      expect(await page.content()).not.toContain(secret);
      await row.getByRole('button', { name: 'Deliveries' }).click();
      const delivery = row.getByRole('listitem', { name: /^Delivery edit\.clips_ready / });
      await delivery.getByText('Delivered', { exact: true }).waitFor({ timeout: 15_000 });
      const attempts = delivery.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
      await expect(attempts.allTextContents()).resolves.toEqual([
        expect.stringMatching(/Succeeded.*HTTP 204/),
        expect.stringMatching(/Failed.*HTTP 500.*The receiver answered 500\./),
      ]);

      await delivery.getByRole('button', { name: 'Send again' }).click();
      await waitForReceived(3, 15_000);
      expect(received[2]?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
      await expect.poll(() => attempts.count(), { timeout: 15_000, interval: 250 }).toBe(3);
      await delivery.getByText('Delivered', { exact: true }).waitFor();
      await session.screenshot('account-webhooks-deliveries-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await session.screenshot('account-webhooks-390');

      await row.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await card.getByTestId('webhooks-empty').waitFor();
      expect(warnings).toEqual([]);
    } catch (error) {
      await session.screenshot('webhooks-failure').catch(() => undefined);
      throw new Error(`${String(error)}\n--- server log tail:\n${server.logs().slice(-3000)}`, {
        cause: error,
      });
    }
  });
});
