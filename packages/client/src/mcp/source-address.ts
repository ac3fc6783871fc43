// Which hosts the MCP server may fetch a video from: the outbound address rules the server's
// webhooks use too (../outbound-address.ts), said in a source's words.
import { allowedAddressesOf, guardedLookupOf } from '../outbound-address.ts';
import type { AddressPolicy, RefuseAddress } from '../outbound-address.ts';

export { systemResolve } from '../outbound-address.ts';
export type { AddressPolicy, Resolve } from '../outbound-address.ts';

export const SOURCE_URL_MESSAGES = {
  url: 'The source is neither a readable file path nor an http(s):// address.',
  scheme: 'Only http:// and https:// addresses can be fetched.',
  credentials: 'The address must not contain a user name or password.',
  unresolved: 'The host name of the address could not be found.',
  privateAddress:
    'The address must reach a public internet address: loopback, private, link-local and metadata addresses are refused.',
} as const;

/** A source URL or host refused by the address rules; its message is for the user. */
export class SourceRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceRefused';
  }
}

const refuseSource: RefuseAddress = (reason) =>
  new SourceRefused(
    reason === 'unresolved' ? SOURCE_URL_MESSAGES.unresolved : SOURCE_URL_MESSAGES.privateAddress,
  );

/** The addresses `host` may be reached at under the policy; throws SourceRefused otherwise. */
export const allowedAddresses = (host: string, policy: AddressPolicy): Promise<string[]> =>
  allowedAddressesOf(host, policy, refuseSource);

/** A URL the server may fetch: http(s), no credentials, every address it resolves to allowed. */
export async function checkSourceUrl(raw: string, policy: AddressPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SourceRefused(SOURCE_URL_MESSAGES.url);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SourceRefused(SOURCE_URL_MESSAGES.scheme);
  }
  if (url.username || url.password) throw new SourceRefused(SOURCE_URL_MESSAGES.credentials);
  await allowedAddresses(url.hostname, policy);
  return url;
}

/** A `lookup` for http.request: the socket connects only to an address just checked. */
export const guardedLookup = (policy: AddressPolicy) => guardedLookupOf(policy, refuseSource);
