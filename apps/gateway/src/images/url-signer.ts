import { SignedLinks } from '@wrenchlog/storage';

/** Where signed image URLs point: GET /api/images/{key}?exp=..&sig=.. (public; the signature is the credential). */
export const IMAGE_URL_PREFIX = '/api/images/';

/** Object keys the gateway generates: u{accountId}/{uuid}-{original|thumb}.{jpg|png|webp}. */
export const IMAGE_KEY = /^u[1-9]\d{0,9}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(original|thumb)\.(jpg|png|webp)$/;

export type { LinkVerdict as Verdict } from '@wrenchlog/storage';

/**
 * Short-lived signed image URLs (SignedLinks of libs/storage, shared with documents), so an <img>
 * loads without an Authorization header and a URL stops working after it expires.
 */
export class ImageUrlSigner extends SignedLinks {
  constructor(secret: string, ttlSeconds = 3600, stepSeconds = 300) {
    super(secret, { prefix: IMAGE_URL_PREFIX, keyPattern: IMAGE_KEY, purpose: 'wrenchlog-image:v1', ttlSeconds, stepSeconds });
  }
}
