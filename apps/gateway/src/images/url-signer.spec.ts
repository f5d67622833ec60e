import { ImageUrlSigner } from './url-signer.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const KEY = 'u7/0f8fad5b-d9cb-469f-a165-70867728950e-thumb.jpg';

function parse(url: string) {
  const u = new URL(url, 'http://x');
  return { key: u.pathname.replace('/api/images/', ''), exp: u.searchParams.get('exp')!, sig: u.searchParams.get('sig')! };
}

describe(ImageUrlSigner.name, () => {
  const signer = new ImageUrlSigner(SECRET, 3600, 300);
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('signs a gateway URL for the key that verifies until it expires', () => {
    const url = signer.url(KEY, now);
    const { key, exp, sig } = parse(url);

    expect(url.startsWith(`/api/images/${KEY}?exp=`)).toBe(true);
    expect(signer.verify(key, exp, sig, now)).toBe('ok');
    expect(signer.verify(key, exp, sig, now + 3600 * 1000 - 1)).toBe('ok');
    expect(signer.verify(key, exp, sig, Number(exp) * 1000)).toBe('expired');
  });

  it('gives the same URL within one step so the browser cache keeps working', () => {
    const t = now + 10_000;
    expect(signer.url(KEY, t)).toBe(signer.url(KEY, t + 60_000));
  });

  it('refuses a tampered key, expiry or signature, and another secret', () => {
    const { key, exp, sig } = parse(signer.url(KEY, now));
    const otherKey = 'u8/0f8fad5b-d9cb-469f-a165-70867728950e-thumb.jpg';

    expect(signer.verify(otherKey, exp, sig, now)).toBe('invalid');
    expect(signer.verify(key, String(Number(exp) + 3600), sig, now)).toBe('invalid');
    expect(signer.verify(key, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, now)).toBe('invalid');
    expect(new ImageUrlSigner(`${SECRET}-other`).verify(key, exp, sig, now)).toBe('invalid');
  });

  it('refuses keys it would never generate and missing parameters', () => {
    const { exp, sig } = parse(signer.url(KEY, now));

    expect(signer.verify('../secrets.json', exp, sig, now)).toBe('invalid');
    expect(signer.verify(KEY, undefined, sig, now)).toBe('invalid');
    expect(signer.verify(KEY, exp, undefined, now)).toBe('invalid');
    expect(signer.verify(KEY, ['1', '2'], sig, now)).toBe('invalid');
  });

  it('will not sign with a short secret', () => {
    expect(() => new ImageUrlSigner('short')).toThrow('at least 32 characters');
  });
});
