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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address in a private, loopback, link-local, multicast or reserved range (IPv4-mapped IPv6 as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) {
    return isPrivateAddress(mapped[1]);
  }
  const family = isIP(address);
  if (family === 0) {
    return true;
  }
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
