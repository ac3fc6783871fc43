// Which hosts a server-side fetch may reach: every address a host resolves to must be public
// (loopback, private, link-local and metadata addresses refused) unless the operator allows them,
// checked before the request and again inside the connection's own lookup, so a name that
// resolved to a public address a moment ago and to 127.0.0.1 now (DNS rebinding) reaches nothing.
// Used by the server's webhooks and by the MCP server's URL sources; each says its refusals in
// its own words and with its own error type.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isAddressLiteral, isPublicAddress } from '@roughcut/shared';

/** Every address a host name resolves to. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export type AddressPolicy = {
  /** Loopback, private, link-local and metadata addresses allowed (development and tests). */
  allowPrivate: boolean;
  resolve: Resolve;
};

/** How a caller refuses a host: the name did not resolve, or an address is not public. */
export type RefuseAddress = (reason: 'unresolved' | 'private') => Error;

const bareHost = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/** The addresses `host` may be reached at under the policy; throws `refuse(…)` otherwise. */
export async function allowedAddressesOf(
  host: string,
  policy: AddressPolicy,
  refuse: RefuseAddress,
): Promise<string[]> {
  const bare = bareHost(host);
  let addresses: string[];
  if (isAddressLiteral(bare)) addresses = [bare];
  else {
    addresses = await policy.resolve(bare).catch(() => []);
    if (addresses.length === 0) throw refuse('unresolved');
  }
  // NOTE: every address must pass, not one: the connection may go to any of them.
  if (!policy.allowPrivate && !addresses.every(isPublicAddress)) throw refuse('private');
  return addresses;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves under the policy: the socket connects only to an
 * address this function just checked.
 */
export function guardedLookupOf(policy: AddressPolicy, refuse: RefuseAddress) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    allowedAddressesOf(hostname, policy, refuse).then(
      (addresses) => {
        const entries = addresses.map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]?.address ?? '', entries[0]?.family ?? 4);
      },
      (error: unknown) => {
        const refused = Object.assign(
          new Error(error instanceof Error ? error.message : String(error)),
          { code: 'EADDRREFUSED' },
        );
        callback(refused, '');
      },
    );
  };
}
