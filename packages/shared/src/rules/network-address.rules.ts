import ipaddr from 'ipaddr.js';

// Which addresses a server may send requests to on a user's behalf (webhook deliveries, a video
// fetched from a URL): public unicast only. Loopback, private, carrier-grade NAT, link-local (with
// the cloud metadata address 169.254.169.254), unique-local IPv6 (AWS's fd00:ec2::254),
// multicast, reserved ranges and the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4,
// Teredo) are all refused.

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // NOTE: a zone id (fe80::1%eth0) only ever names a link-local address.
  if (bare.includes('%') || !ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Whether `host` (a URL's hostname) is an IP literal rather than a name to resolve. */
export function isAddressLiteral(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare);
}
