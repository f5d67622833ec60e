import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where signed image URLs point: GET /api/images/{key}?exp=..&sig=.. (public; the signature is the credential). */
export const IMAGE_URL_PREFIX = '/api/images/';

/** Object keys the gateway generates: u{userId}/{uuid}-{original|thumb}.{jpg|png|webp}. */
export const IMAGE_KEY = /^u[1-9]\d{0,9}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(original|thumb)\.(jpg|png|webp)$/;

export type Verdict = 'ok' | 'expired' | 'invalid';

/**
 * Short-lived signed image URLs, so an <img> loads without an Authorization header and a URL stops
 * working after it expires. HMAC-SHA256 with URL_SIGNING_SECRET over the key and the expiry. The
 * expiry is rounded up to a step, so a page reloaded within the step gets the same URLs and the
 * browser cache keeps working.
 */
export class ImageUrlSigner {
  constructor(
    private readonly secret: string,
    /** How long a URL works, at least. */
    readonly ttlSeconds = 3600,
    private readonly stepSeconds = 300,
  ) {
    if (secret.length < 32) {
      throw new Error('The URL signing secret must be at least 32 characters');
    }
  }

  /** A URL for the key, valid for at least ttlSeconds from `now`. */
  url(key: string, now = Date.now()): string {
    const exp = Math.ceil((Math.floor(now / 1000) + this.ttlSeconds) / this.stepSeconds) * this.stepSeconds;
    return `${IMAGE_URL_PREFIX}${key}?exp=${exp}&sig=${this.signature(key, exp)}`;
  }

  verify(key: string, exp: unknown, sig: unknown, now = Date.now()): Verdict {
    if (!IMAGE_KEY.test(key) || typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sig)) {
      return 'invalid';
    }
    const expected = Buffer.from(this.signature(key, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return 'invalid';
    }
    return Number(exp) * 1000 <= now ? 'expired' : 'ok';
  }

  private signature(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`wrenchlog-image:v1\n${key}\n${exp}`).digest('base64url');
  }
}
