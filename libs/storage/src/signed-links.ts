import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// The common part of the files users own (photos and documents, issue 19's "owned files"):
// generated object names and short-lived signed links to them.

export type LinkVerdict = 'ok' | 'expired' | 'invalid';

export interface SignedLinksOptions {
  /** Path the links point at, ending in '/': the object key follows it. */
  prefix: string;
  /** The keys this kind of link may name; anything else is refused before the signature is checked. */
  keyPattern: RegExp;
  /** Signed with the key, so a link of one kind never opens another kind's route. */
  purpose: string;
  /** How long a link works, at least. */
  ttlSeconds?: number;
  /** Expiries are rounded up to this step, so a page reloaded within it gets the same links (browser cache). */
  stepSeconds?: number;
}

/**
 * Short-lived signed links to stored objects, so an <img> or a new tab opens them without an
 * Authorization header and a link stops working after it expires: HMAC-SHA256 with
 * URL_SIGNING_SECRET over the purpose, the key, the expiry and any extra signed parameters.
 */
export class SignedLinks {
  readonly ttlSeconds: number;
  private readonly stepSeconds: number;

  constructor(
    private readonly secret: string,
    private readonly options: SignedLinksOptions,
  ) {
    if (secret.length < 32) {
      throw new Error('The URL signing secret must be at least 32 characters');
    }
    this.ttlSeconds = options.ttlSeconds ?? 3600;
    this.stepSeconds = options.stepSeconds ?? 300;
  }

  /** A link to the key, valid for at least ttlSeconds from `now`; `extra` parameters are signed too. */
  url(key: string, now = Date.now(), extra: Record<string, string> = {}): string {
    const exp = Math.ceil((Math.floor(now / 1000) + this.ttlSeconds) / this.stepSeconds) * this.stepSeconds;
    const params = new URLSearchParams({ ...extra, exp: String(exp), sig: this.signature(key, exp, extra) });
    return `${this.options.prefix}${key}?${params.toString()}`;
  }

  verify(key: string, exp: unknown, sig: unknown, now = Date.now(), extra: Record<string, string> = {}): LinkVerdict {
    if (
      !this.options.keyPattern.test(key) ||
      typeof exp !== 'string' ||
      !/^\d{1,12}$/.test(exp) ||
      typeof sig !== 'string' ||
      !/^[A-Za-z0-9_-]{43}$/.test(sig)
    ) {
      return 'invalid';
    }
    const expected = Buffer.from(this.signature(key, Number(exp), extra));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return 'invalid';
    }
    return Number(exp) * 1000 <= now ? 'expired' : 'ok';
  }

  private signature(key: string, exp: number, extra: Record<string, string>): string {
    const signed = Object.keys(extra)
      .sort()
      .map((name) => `\n${name}=${extra[name]}`)
      .join('');
    return createHmac('sha256', this.secret).update(`${this.options.purpose}\n${key}\n${exp}${signed}`).digest('base64url');
  }
}

/**
 * The object name of the index-th file of an upload: the same request retried (same user,
 * Idempotency-Key, position and bytes) names the same object; anything else names a new one.
 * UUID-shaped, like every object name.
 */
export function ownedObjectId(userId: number, requestKey: string, index: number, bytes: Buffer): string {
  const content = createHash('sha256').update(bytes).digest('hex');
  const h = createHash('sha256').update(`${userId}\n${requestKey}\n${index}\n${content}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
