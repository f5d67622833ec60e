import { BlockList, isIP } from 'node:net';

// Which addresses a webhook may reach. Private, loopback, link-local and other non-public ranges
// are refused unless the administrator allows them (WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true: a
// self-hoster's Home Assistant on the LAN), so an endpoint cannot probe the server's own network.

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
// IPv6 ranges that are not global. The ranges that embed an IPv4 address (below) are decided on it.
for (const [net, prefix] of [
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): not global, and where it puts the IPv4 address is the network's choice
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address (with or without a dotted IPv4 tail), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (isIP(dotted[1]) !== 4) {
      return null;
    }
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split('::');
  if (extra !== undefined) {
    return null;
  }
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const groups = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address reaches in the end, for every form that embeds one: IPv4-compatible
 * `::a.b.c.d` (and `::`, `::1`), IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16` and Teredo `2001::/32` (its client, the last 32 bits inverted).
 */
export function embeddedIPv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(6) || (zeroUpTo(5) && g5 === 0xffff) || (zeroUpTo(4) && g4 === 0xffff && g5 === 0)) {
    return ipv4Of(g6, g7);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return ipv4Of(g6, g7);
  }
  if (g0 === 0x2002) {
    return ipv4Of(g1, g2);
  }
  if (g0 === 0x2001 && g1 === 0) {
    return ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff);
  }
  return null;
}

/**
 * True for an address in a private, loopback, link-local, multicast or reserved range; an IPv6 form
 * that embeds an IPv4 address is decided on that IPv4 address (the one the packets reach).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) {
    return blocked.check(address, 'ipv4');
  }
  const groups = family === 6 ? ipv6Groups(address) : null;
  if (!groups) {
    return true;
  }
  const ipv4 = embeddedIPv4(groups);
  if (ipv4 !== null) {
    return isPrivateAddress(ipv4);
  }
  return blocked.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6');
}

export type UrlProblem = 'scheme' | 'length' | null;

/** The checks on the URL as typed: http(s), a host, at most `max` characters. */
export function urlProblem(raw: string, max: number): UrlProblem {
  if (raw.length > max) {
    return 'length';
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'scheme';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) {
    return 'scheme';
  }
  return null;
}

/** Retries after 1 min, 5 min, 30 min, 2 h and 12 h; then the delivery has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;

/**
 * When to try again after `attempts` failed attempts, or null when it has failed for good. On 429
 * and 503 a Retry-After (seconds or an HTTP date) is honoured when it asks for longer, up to 12 h.
 */
export function nextAttemptDelay(attempts: number, status: number | null, retryAfter: string | null, now: Date): number | null {
  if (attempts > RETRY_DELAYS_MS.length) {
    return null;
  }
  const planned = RETRY_DELAYS_MS[attempts - 1];
  if ((status === 429 || status === 503) && retryAfter) {
    const seconds = /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) * 1000 : Date.parse(retryAfter) - now.getTime();
    if (Number.isFinite(seconds) && seconds > planned) {
      return Math.min(seconds, RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]);
    }
  }
  return planned;
}
