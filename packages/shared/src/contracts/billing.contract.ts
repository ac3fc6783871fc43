import { z } from 'zod';

// SPEC section 7 "Account and billing": the two {provider} calls.

/** `{provider}`: the lower-case name of the card payment provider. */
export const providerSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'Unknown payment provider.');

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
export type CheckoutSessionForm = z.infer<typeof checkoutSessionFormSchema>;

/** POST /api/{provider}/customer/{sessionId} (empty body) → {name}. */
export const customerParamsSchema = z.object({
  provider: providerSchema,
  sessionId: z.string().min(1).max(256),
});
export type CustomerParams = z.infer<typeof customerParamsSchema>;
export const customerResponseSchema = z.object({ name: z.string() });
export type CustomerResponse = z.infer<typeof customerResponseSchema>;
