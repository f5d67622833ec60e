import { isIPv4, isIPv6 } from 'node:net';

/** The country of a private, loopback or link-local address: a visit from the operator's own network. */
export const LOCAL_COUNTRY = 'Local';
/** No offline address database ships with Wrenchlog (the free ones carry licence and update duties). */
export const UNKNOWN_COUNTRY = 'Unknown';

const v4 = (ip: string): number[] => ip.split('.').map(Number);

function isLocalV4(ip: string): boolean {
  const [a, b] = v4(ip);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function isLocalV6(ip: string): boolean {
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) {
    return isLocalV4(mapped[1]);
  }
  return lower === '::1' || lower === '::' || /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
}

/** The country recorded with a page view, derived from the caller's address without any outside lookup. */
export function countryForAddress(ip: string | null | undefined): string {
  if (!ip) {
    return UNKNOWN_COUNTRY;
  }
  if (isIPv4(ip)) {
    return isLocalV4(ip) ? LOCAL_COUNTRY : UNKNOWN_COUNTRY;
  }
  if (isIPv6(ip)) {
    return isLocalV6(ip) ? LOCAL_COUNTRY : UNKNOWN_COUNTRY;
  }
  return UNKNOWN_COUNTRY;
}
