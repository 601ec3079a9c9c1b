import ipaddr from 'ipaddr.js';

/**
 * Whether `address` (an IP literal) is a public unicast address a model-chosen URL may reach. Everything
 * else is refused: loopback, private, link-local (so cloud metadata at 169.254.169.254), CGNAT, multicast,
 * unspecified, reserved, unique-local IPv6, and IPv6 forms that embed an IPv4 address (IPv4-mapped,
 * NAT64, 6to4, IPv4-compatible) are judged by the IPv4 address inside them. Other IPv6 addresses are public
 * only within global unicast (2000::/3). Teredo tunnels are refused outright.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const embedded = embeddedIPv4(v6);
    if (embedded) parsed = embedded;
    // Public IPv6 unicast is 2000::/3 (everything IANA has allocated); the rest of what ipaddr.js calls
    // unicast (::1:0:0:0, ::ffff:ffff:7f00:1: reserved space near the loopback and mapped forms) is not.
    else if (v6.range() !== 'unicast' || (v6.parts[0]! & 0xe000) !== 0x2000) return false;
  }
  return parsed.range() === 'unicast';
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  const bytes = address.toByteArray();
  if (range === 'rfc6052' || range === 'rfc6145' || isLocalNat64(bytes)) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  // ::a.b.c.d (deprecated IPv4-compatible form): some stacks still route it to the IPv4 address.
  if (bytes.slice(0, 12).every((byte) => byte === 0) && range !== 'loopback' && range !== 'unspecified') {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  return undefined;
}

// 64:ff9b:1::/48, the local-use NAT64 prefix (RFC 8215), which ipaddr.js does not name.
function isLocalNat64(bytes: number[]): boolean {
  return (
    bytes[0] === 0x00 &&
    bytes[1] === 0x64 &&
    bytes[2] === 0xff &&
    bytes[3] === 0x9b &&
    bytes[4] === 0 &&
    bytes[5] === 1
  );
}
