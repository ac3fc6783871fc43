import { z } from 'zod';

// SPEC section 7 "Account and billing": the two {provider} calls, plus the billing page's summary,
// the webhook and the subscription portal that a paying user needs beside them.

/** `{provider}`: the lower-case name of the card payment provider. */
export const providerSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'Unknown payment provider.');

/** The one provider this server speaks to. */
export const PAYMENT_PROVIDER = 'stripe';

/**
 * POST /api/{provider}/create-checkout-session: a plain HTML form post (urlencoded) from Buy plan.
 * The response is a 303 redirect to the provider's checkout page, not JSON.
 */
export const checkoutSessionParamsSchema = z.object({ provider: providerSchema });
export type CheckoutSessionParams = z.infer<typeof checkoutSessionParamsSchema>;
/** NOTE: the form's fields are not shown in the spec; the only paid plan is Standard. */
export const checkoutSessionFormSchema = z.object({
  plan: z.literal('standard').default('standard'),
});

/** POST /api/{provider}/customer/{sessionId} (empty body) → {name}. */
export const customerParamsSchema = z.object({
  provider: providerSchema,
  sessionId: z.string().min(1).max(256),
});
export const customerResponseSchema = z.object({ name: z.string() });
export type CustomerResponse = z.infer<typeof customerResponseSchema>;

/**
 * Why a checkout form post came back to /account/billing instead of going to the provider: the
 * page reads `?checkout=<code>` and explains it.
 */
export const CHECKOUT_PROBLEMS = ['not_configured', 'unavailable', 'already_standard'] as const;
export type CheckoutProblem = (typeof CHECKOUT_PROBLEMS)[number];
export const checkoutProblemSchema = z.enum(CHECKOUT_PROBLEMS);

/** GET /api/manage/billing: the plan, the usage against its limits, and whether payments work. */
export const billingSummarySchema = z.object({
  subscription_type: z.string(),
  download_count: z.number().int().min(0),
  /** Edits the plan allows in total; null = unlimited. */
  edit_limit: z.number().int().min(0).nullable(),
  /** null = unlimited. */
  edits_remaining: z.number().int().min(0).nullable(),
  storage_used_bytes: z.number().int().min(0),
  storage_limit_bytes: z.number().int().min(0),
  max_upload_bytes: z.number().int().min(0),
  payments_configured: z.boolean(),
  provider: providerSchema,
  /** A paid subscription exists that the user can change or cancel with the provider. */
  can_manage_subscription: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const BILLING_MESSAGES = {
  notConfigured:
    'Payments are not configured on this server, so plans cannot be bought here. Please ask the person who runs this Roughcut server to upgrade your account.',
  unavailable:
    'The payment provider could not be reached, so nothing was charged. Please try again in a few minutes.',
  alreadyStandard: 'Your account is already on the Standard plan.',
  unknownProvider: 'Unknown payment provider. Payments on this server go through Stripe.',
  checkoutNotFound:
    'This checkout was not found for your account. Please start again from the billing page.',
  checkoutIncomplete:
    'This checkout has not been completed, so nothing was charged. Please start again from the billing page.',
  noSubscription: 'There is no paid subscription on this account to manage.',
  badSignature: 'The webhook signature could not be verified.',
} as const;

/** The message the billing page shows for `?checkout=<code>`. */
export function describeCheckoutProblem(problem: CheckoutProblem): string {
  switch (problem) {
    case 'not_configured':
      return BILLING_MESSAGES.notConfigured;
    case 'unavailable':
      return BILLING_MESSAGES.unavailable;
    case 'already_standard':
      return BILLING_MESSAGES.alreadyStandard;
  }
}
