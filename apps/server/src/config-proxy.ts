// Which proxies' forwarded headers the server believes (TRUST_PROXY).
import { ConfigError } from './config-env.ts';

/**
 * Which proxies' X-Forwarded-* headers count: none (false), the nearest N hops, or the listed
 * addresses/CIDRs. TRUST_PROXY=true means one hop (see `parseTrustProxy`).
 */
export type TrustProxy = false | number | string[];

/**
 * WARNING: `true` is one hop, never "trust every X-Forwarded-For entry": the leftmost entries are
 * whatever the client wrote, so trusting them all would let anyone pick their own IP (and dodge
 * the per-IP limits). Behind a chain of proxies, give the hop count or the proxies' addresses.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'yes') return 1;
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    list.some((part) => !/^[\da-fA-F:.]+(\/\d+)?$|^(loopback|linklocal|uniquelocal)$/.test(part))
  ) {
    throw new ConfigError(
      'TRUST_PROXY',
      `expected true, false, a hop count or a comma-separated list of proxy addresses, got "${raw}"`,
    );
  }
  return list;
}
