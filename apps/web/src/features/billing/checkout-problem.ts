import { checkoutProblemSchema, describeCheckoutProblem } from '@roughcut/shared';

/**
 * The note for `/account/billing?checkout=<problem>`, where the server sends a Buy plan form post
 * it could not take to the provider; null for no or an unknown value.
 */
export function checkoutProblemNote(search: URLSearchParams): string | null {
  const parsed = checkoutProblemSchema.safeParse(search.get('checkout'));
  return parsed.success ? describeCheckoutProblem(parsed.data) : null;
}
