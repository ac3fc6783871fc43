import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '@roughcut/shared';
import type { WebhookAttempt } from '@roughcut/shared';
import {
  checkWebhookForm,
  deliveriesRefetchMs,
  deliveryStatus,
  deliveryTimes,
  describeAttempt,
  fieldOfServerError,
  newestFirst,
  webhookState,
} from './webhooks.rules.ts';

const at = Date.UTC(2026, 11, 3, 12) / 1000;
const attempt = (fields: Partial<WebhookAttempt>): WebhookAttempt => ({
  at,
  outcome: 'failed',
  response_code: 500,
  error: 'The receiver answered 500.',
  duration_ms: 120,
  ...fields,
});

describe('the add-a-webhook form', () => {
  it('sends the trimmed address and the ticked events in their usual order', () => {
    expect(
      checkWebhookForm({
        url: ' https://hooks.example.com/x ',
        events: ['edit.failed', 'edit.clips_ready'],
      }),
    ).toEqual({
      request: { url: 'https://hooks.example.com/x', events: ['edit.clips_ready', 'edit.failed'] },
    });
  });

  it('says under each field what is missing, before anything is sent', () => {
    expect(checkWebhookForm({ url: '  ', events: [] })).toEqual({
      errors: { url: WEBHOOK_MESSAGES.url, events: WEBHOOK_MESSAGES.events },
    });
    expect(
      checkWebhookForm({ url: `https://a.example/${'x'.repeat(2000)}`, events: WEBHOOK_EVENTS }),
    ).toEqual({ errors: { url: WEBHOOK_MESSAGES.url } });
    expect(checkWebhookForm({ url: 'https://a.example/\u0007', events: WEBHOOK_EVENTS })).toEqual({
      errors: { url: `The URL is not valid: ${CONTROL_CHARACTER_MESSAGE}.` },
    });
  });

  it('leaves the scheme to the server, which may allow http to a private network', () => {
    expect(
      checkWebhookForm({ url: 'http://127.0.0.1:8080/h', events: ['edit.rendered'] }),
    ).toHaveProperty('request');
  });

  it('puts a server refusal under the field it is about', () => {
    for (const message of [
      WEBHOOK_MESSAGES.https,
      WEBHOOK_MESSAGES.privateAddress,
      WEBHOOK_MESSAGES.unresolved,
      WEBHOOK_MESSAGES.credentials,
      "'url' is too long (at most 2000 characters).",
    ]) {
      expect(fieldOfServerError(message)).toBe('url');
    }
    expect(fieldOfServerError(WEBHOOK_MESSAGES.events)).toBe('events');
    expect(fieldOfServerError("'events.0' is not valid: Invalid option.")).toBe('events');
    expect(fieldOfServerError(WEBHOOK_MESSAGES.tooMany)).toBeUndefined();
  });
});

describe('the webhook list words', () => {
  it('says whether a webhook is active, failing since when, or disabled and why', () => {
    expect(webhookState({ enabled: true, disabled_reason: null, failing_since: null })).toEqual({
      label: 'Active',
      color: 'success',
      detail: null,
    });
    const failing = webhookState({ enabled: true, disabled_reason: null, failing_since: at });
    expect(failing.label).toBe('Failing');
    expect(failing.detail).toMatch(/^Failing since .*2026.*\.$/);
    const disabled = webhookState({
      enabled: false,
      disabled_reason: 'Disabled after failing for 24 hours.',
      failing_since: at,
    });
    expect(disabled).toMatchObject({ label: 'Disabled', color: 'error' });
    expect(disabled.detail).toMatch(/^Disabled after failing for 24 hours\. Failing since .*2026/);
  });

  it('names a delivery queued, retrying, delivered or failed, with its next attempt', () => {
    expect(deliveryStatus({ status: 'pending', attempts: [] }).label).toBe('Queued');
    expect(deliveryStatus({ status: 'pending', attempts: [attempt({})] }).label).toBe('Retrying');
    expect(deliveryStatus({ status: 'delivered', attempts: [] })).toEqual({
      label: 'Delivered',
      color: 'success',
    });
    expect(deliveryTimes({ status: 'pending', created_at: at, next_attempt_at: at + 60 })).toMatch(
      /^Created .*2026.* · Next attempt /,
    );
    expect(deliveryTimes({ status: 'failed', created_at: at, next_attempt_at: null })).not.toMatch(
      /Next attempt/,
    );
  });

  it('words an attempt: outcome, response code or none, and duration', () => {
    expect(describeAttempt(attempt({}))).toEqual({
      outcome: 'Failed',
      code: 'HTTP 500',
      duration: '120 ms',
    });
    expect(
      describeAttempt(attempt({ outcome: 'refused', response_code: null, duration_ms: 10_000 })),
    ).toEqual({ outcome: 'Refused', code: 'No response', duration: '10.0 s' });
  });

  it('lists attempts newest first and asks again often only while one is on its way', () => {
    const older = attempt({ at: at - 30 });
    const newer = attempt({ at, outcome: 'succeeded', response_code: 204 });
    expect(newestFirst([older, newer])).toEqual([newer, older]);
    expect(deliveriesRefetchMs([{ status: 'delivered' }, { status: 'pending' }])).toBe(2000);
    expect(deliveriesRefetchMs([{ status: 'delivered' }])).toBeGreaterThan(2000);
  });
});
