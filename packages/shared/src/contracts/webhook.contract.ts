import { z } from 'zod';
import { entityIdSchema } from './autojob.contract.ts';
import { idParamSchema, plainText } from './common.contract.ts';

// Not in the spec (issue 36): webhooks after the Standard Webhooks specification. Each delivery
// is a POST of a JSON event with the headers webhook-id, webhook-timestamp and webhook-signature
// (an HMAC-SHA256 with the endpoint's `whsec_` secret), retried with exponential backoff for 24
// hours while the receiver does not answer 2xx.

export const WEBHOOK_EVENTS = ['edit.clips_ready', 'edit.rendered', 'edit.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Endpoints one user may register. */
export const MAX_WEBHOOKS = 10;
/** Deliveries are retried this long after the event; an endpoint failing this long is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The signature's tolerance: an older (or future) webhook-timestamp fails verification. */
export const WEBHOOK_TOLERANCE_S = 5 * 60;

export const WEBHOOK_MESSAGES = {
  url: 'Enter the full https:// address of your receiver (at most 2000 characters).',
  https: 'Webhook URLs must use https://.',
  credentials: 'A webhook URL must not contain a user name or password.',
  events: `Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}.`,
  unresolved: 'The webhook host name could not be found. Check the address.',
  privateAddress:
    'Webhook URLs must reach a public internet address: loopback, private, link-local and metadata addresses are refused.',
  tooMany: `You already have ${MAX_WEBHOOKS} webhooks. Delete one you no longer use first.`,
  notFound: 'This webhook does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
} as const;

export const webhookAttemptSchema = z.object({
  /** unix seconds */
  at: z.number().int(),
  outcome: z.enum(['succeeded', 'failed', 'refused']),
  /** The receiver's HTTP status, null when none came (timeout, refused address, no connection). */
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  /** The message id, sent as webhook-id (the same on every attempt). */
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  created_at: z.number().int(),
  /** unix seconds of the next attempt while pending. */
  next_attempt_at: z.number().int().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: entityIdSchema,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the server disabled it (failing for 24 hours), null while enabled. */
  disabled_reason: z.string().nullable(),
  created_at: z.number().int(),
  /** unix seconds of the first failure since the last success, null when the last one succeeded. */
  failing_since: z.number().int().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookListResponse = z.infer<typeof webhookListResponseSchema>;

export const createWebhookRequestSchema = z.object({
  url: plainText(z.string().trim().min(1, { error: WEBHOOK_MESSAGES.url }).max(2000)),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.events }))
    .min(1, { error: WEBHOOK_MESSAGES.events })
    .max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** The signing secret appears here once; receivers verify with it. */
export const createWebhookResponseSchema = z.object({
  webhook: webhookSchema,
  secret: z.string().startsWith('whsec_'),
});
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;

export const webhookParamsSchema = idParamSchema;
export const webhookDeliveryParamsSchema = z.object({
  id: entityIdSchema,
  delivery_id: z.string().min(1).max(64),
});

export const webhookDeliveryListResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponseSchema>;

/** The JSON body of every delivery (Standard Webhooks: type, timestamp, data). */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  /** ISO 8601, when the event happened. */
  timestamp: z.string(),
  data: z.object({
    auto_job_id: z.string(),
    auto_job_instance_id: z.string(),
    name: z.string(),
    status: z.string(),
    failure_reason: z.string().nullable(),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
