// The address rules of webhook URLs: checked when a URL is registered, and again on every
// delivery inside the connection's own lookup, so a name that resolved to a public address at
// registration and to 127.0.0.1 later (DNS rebinding) reaches nothing but the refusal.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { WEBHOOK_MESSAGES, isAddressLiteral, isPublicAddress } from '@roughcut/shared';
import { HttpError } from '../../http/errors.ts';

/** Every address a host name resolves to. */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export type AddressPolicy = { allowPrivate: boolean; resolve: Resolve };

/** A refusal of the URL's address, at registration (400) or delivery (logged on the attempt). */
export class AddressRefused extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'AddressRefused';
  }
}

const bareHost = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/** The addresses `host` may be reached at under the policy; throws AddressRefused otherwise. */
export async function allowedAddresses(host: string, policy: AddressPolicy): Promise<string[]> {
  const bare = bareHost(host);
  let addresses: string[];
  if (isAddressLiteral(bare)) addresses = [bare];
  else {
    addresses = await policy.resolve(bare).catch(() => []);
    if (addresses.length === 0) throw new AddressRefused(WEBHOOK_MESSAGES.unresolved);
  }
  // NOTE: every address must pass, not one: a client may connect to any of them.
  if (!policy.allowPrivate && !addresses.every(isPublicAddress)) {
    throw new AddressRefused(WEBHOOK_MESSAGES.privateAddress);
  }
  return addresses;
}

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

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves under the policy: the socket connects only to an
 * address this function just checked.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    allowedAddresses(hostname, policy).then(
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
