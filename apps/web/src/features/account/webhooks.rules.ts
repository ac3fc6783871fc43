import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES, createWebhookRequestSchema } from '@roughcut/shared';
import type {
  CreateWebhookRequest,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEvent,
} from '@roughcut/shared';

// Issue 36: the words and checks of the "Webhooks" card, apart from its components.

/** What each event means, beside its wire name. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'edit.clips_ready': 'Clips ready for review',
  'edit.rendered': 'Video rendered',
  'edit.failed': 'Edit failed',
};

export type WebhookField = 'url' | 'events';
export type WebhookFieldErrors = Partial<Record<WebhookField, string>>;
export type WebhookForm = { url: string; events: readonly WebhookEvent[] };

/**
 * The request the form sends, or what to say under each field before anything is sent.
 * NOTE: the scheme and the address are left to the server: an operator may allow plain http to a
 * private network (WEBHOOK_ALLOW_PRIVATE), and only the server knows where a name resolves.
 */
export function checkWebhookForm(
  form: WebhookForm,
): { request: CreateWebhookRequest; errors?: undefined } | { errors: WebhookFieldErrors } {
  const events = WEBHOOK_EVENTS.filter((event) => form.events.includes(event));
  const parsed = createWebhookRequestSchema.safeParse({ url: form.url, events });
  if (parsed.success) return { request: parsed.data };
  const errors: WebhookFieldErrors = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'events') errors.events ??= WEBHOOK_MESSAGES.events;
    else if (issue.code === 'too_big' || issue.code === 'too_small') {
      errors.url ??= WEBHOOK_MESSAGES.url;
    } else errors.url ??= `The URL is not valid: ${issue.message.replace(/\.$/, '')}.`;
  }
  return { errors };
}

const URL_MESSAGES: readonly string[] = [
  WEBHOOK_MESSAGES.url,
  WEBHOOK_MESSAGES.https,
  WEBHOOK_MESSAGES.credentials,
  WEBHOOK_MESSAGES.unresolved,
  WEBHOOK_MESSAGES.privateAddress,
];

/**
 * The field a server refusal belongs under, as the server words it; undefined for a refusal of
 * the whole form (too many webhooks, a failure), which is shown as an alert.
 */
export function fieldOfServerError(message: string): WebhookField | undefined {
  if (URL_MESSAGES.includes(message) || message.startsWith("'url'")) return 'url';
  if (message === WEBHOOK_MESSAGES.events || message.startsWith("'events")) return 'events';
  return undefined;
}

const dateTimeOf = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** An attempt's time, to the second: retries at the start of the backoff come seconds apart. */
export const attemptTimeOf = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

export type WebhookState = {
  label: 'Active' | 'Failing' | 'Disabled';
  color: 'success' | 'warning' | 'error';
  /** Why it is disabled, or since when it fails; null while all is well. */
  detail: string | null;
};

/** A webhook's state for its row: active, failing since…, or disabled with the reason. */
export function webhookState(
  webhook: Pick<Webhook, 'enabled' | 'disabled_reason' | 'failing_since'>,
): WebhookState {
  const since =
    webhook.failing_since === null ? null : `Failing since ${dateTimeOf(webhook.failing_since)}`;
  if (!webhook.enabled) {
    const reason = webhook.disabled_reason ?? 'Disabled after failing for 24 hours.';
    return { label: 'Disabled', color: 'error', detail: since ? `${reason} ${since}.` : reason };
  }
  if (since) return { label: 'Failing', color: 'warning', detail: `${since}.` };
  return { label: 'Active', color: 'success', detail: null };
}

export const addedLabel = (createdAt: number): string => `Added ${dateTimeOf(createdAt)}`;

const DELIVERY_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};
const DELIVERY_COLORS: Record<WebhookDelivery['status'], 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'error',
};

/** The delivery's status chip; a pending one with no attempt yet is "Queued", not retrying. */
export function deliveryStatus(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): {
  label: string;
  color: 'warning' | 'success' | 'error' | 'default';
} {
  if (delivery.status === 'pending' && delivery.attempts.length === 0) {
    return { label: 'Queued', color: 'default' };
  }
  return { label: DELIVERY_LABELS[delivery.status], color: DELIVERY_COLORS[delivery.status] };
}

/** When the delivery was made and, while pending, when it is tried next. */
export function deliveryTimes(
  delivery: Pick<WebhookDelivery, 'created_at' | 'next_attempt_at' | 'status'>,
): string {
  const created = `Created ${dateTimeOf(delivery.created_at)}`;
  if (delivery.status !== 'pending' || delivery.next_attempt_at === null) return created;
  return `${created} · Next attempt ${attemptTimeOf(delivery.next_attempt_at)}`;
}

const OUTCOME_LABELS: Record<WebhookAttempt['outcome'], string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  refused: 'Refused',
};

/** One attempt's outcome, response code and duration, as the log line shows them. */
export function describeAttempt(attempt: WebhookAttempt): {
  outcome: string;
  code: string;
  duration: string;
} {
  return {
    outcome: OUTCOME_LABELS[attempt.outcome],
    code: attempt.response_code === null ? 'No response' : `HTTP ${attempt.response_code}`,
    duration:
      attempt.duration_ms < 1000
        ? `${attempt.duration_ms} ms`
        : `${(attempt.duration_ms / 1000).toFixed(1)} s`,
  };
}

/** Attempts newest first: the one that matters is the last. */
export const newestFirst = (attempts: readonly WebhookAttempt[]): WebhookAttempt[] =>
  [...attempts].sort((a, b) => b.at - a.at);

/** How often an open delivery log asks again: often while a delivery is on its way. */
export function deliveriesRefetchMs(deliveries: readonly Pick<WebhookDelivery, 'status'>[]) {
  return deliveries.some((delivery) => delivery.status === 'pending') ? 2000 : 15_000;
}
