// The address rules of webhook URLs: checked when a URL is registered, and again on every
// delivery inside the connection's own lookup, so a name that resolved to a public address at
// registration and to 127.0.0.1 later (DNS rebinding) reaches nothing but the refusal. The rules
// themselves are the outbound ones the MCP server's URL sources follow too.
import { allowedAddressesOf, guardedLookupOf } from '@roughcut/client/outbound-address';
import type { AddressPolicy, RefuseAddress } from '@roughcut/client/outbound-address';
import { WEBHOOK_MESSAGES } from '@roughcut/shared';
import { HttpError } from '../../http/errors.ts';

export { systemResolve } from '@roughcut/client/outbound-address';
export type { AddressPolicy, Resolve } from '@roughcut/client/outbound-address';

/** A refusal of the URL's address, at registration (400) or delivery (logged on the attempt). */
export class AddressRefused extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'AddressRefused';
  }
}

const refuseWebhook: RefuseAddress = (reason) =>
  new AddressRefused(
    reason === 'unresolved' ? WEBHOOK_MESSAGES.unresolved : WEBHOOK_MESSAGES.privateAddress,
  );

/** The addresses `host` may be reached at under the policy; throws AddressRefused otherwise. */
export const allowedAddresses = (host: string, policy: AddressPolicy): Promise<string[]> =>
  allowedAddressesOf(host, policy, refuseWebhook);

/** The URL a user may register: https (plain http only where private addresses are allowed). */
export async function checkWebhookUrl(raw: string, policy: AddressPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressRefused(WEBHOOK_MESSAGES.url);
  }
  const plainAllowed = policy.allowPrivate && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainAllowed) throw new AddressRefused(WEBHOOK_MESSAGES.https);
  if (url.username || url.password) throw new AddressRefused(WEBHOOK_MESSAGES.credentials);
  await allowedAddresses(url.hostname, policy);
  return url;
}

/** A `lookup` for http.request: the socket connects only to an address just checked. */
export const guardedLookup = (policy: AddressPolicy) => guardedLookupOf(policy, refuseWebhook);
