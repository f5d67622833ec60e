import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';

/** The country of a private, loopback or link-local address: a visit from the operator's own network. */
export const LOCAL_COUNTRY = 'Local';
/** A missing or malformed address, or one the address database does not place (documentation, reserved ranges). */
export const UNKNOWN_COUNTRY = 'Unknown';

interface GeoipCountry {
  lookup(ip: string): { country: string; name?: string } | null;
}

// geoip-country (CommonJS) reads its GeoLite2 country tables (about 8 MB, in the package, renewed
// with each release of the package) into memory once, here, and then answers from memory: no
// lookup ever leaves the process. See the README (Country of page views) for its licence duties.
const geoip = createRequire(import.meta.url)('geoip-country') as GeoipCountry;

/** The English name of the country the database places a public address in, or Unknown. */
function publicCountry(ip: string): string {
  const found = geoip.lookup(ip);
  return (found?.name || found?.country || UNKNOWN_COUNTRY).slice(0, 64);
}

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

/** The country recorded with a page view, from the caller's address and the offline database, never an outside lookup. */
export function countryForAddress(ip: string | null | undefined): string {
  if (!ip) {
    return UNKNOWN_COUNTRY;
  }
  if (isIPv4(ip)) {
    return isLocalV4(ip) ? LOCAL_COUNTRY : publicCountry(ip);
  }
  if (isIPv6(ip)) {
    return isLocalV6(ip) ? LOCAL_COUNTRY : publicCountry(ip);
  }
  return UNKNOWN_COUNTRY;
}
