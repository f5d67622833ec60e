import Fastify from 'fastify';
import { API_POLICY, helmetHeaders, registerSecurityHeaders } from './security-headers.js';

const policy = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://connect.facebook.net'], objectSrc: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

describe(helmetHeaders.name, () => {
  it("collects helmet's headers for the policy once", () => {
    const headers = helmetHeaders(policy);
    const csp = headers['content-security-policy'].split(';');
    expect(csp).toEqual(expect.arrayContaining(["default-src 'self'", "script-src 'self' https://connect.facebook.net", "object-src 'none'"]));
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('gives a JSON answer only what an API answer needs', () => {
    expect(helmetHeaders(API_POLICY)).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('refuses a policy helmet refuses', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { 'default-src': ['bad;value'] } } })).toThrow();
  });
});

describe(registerSecurityHeaders.name, () => {
  it('sends HSTS and upgrade-insecure-requests only for a request that came over TLS through a trusted proxy', async () => {
    const app = Fastify({ trustProxy: true });
    registerSecurityHeaders(app, policy);
    app.get('/json', async () => ({ ok: true }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const plain = await fetch(`${base}/json`);
      const tls = await fetch(`${base}/json`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      expect(plain.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(tls.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(tls.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });

  it('ignores X-Forwarded-Proto without a trusted proxy, and sends the HTTPS headers always when configured', async () => {
    const untrusted = Fastify();
    registerSecurityHeaders(untrusted, policy);
    untrusted.get('/json', async () => ({ ok: true }));
    const always = Fastify();
    registerSecurityHeaders(always, policy, true);
    always.get('/json', async () => ({ ok: true }));
    const [a, b] = [await untrusted.listen({ port: 0, host: '127.0.0.1' }), await always.listen({ port: 0, host: '127.0.0.1' })];
    try {
      const spoofed = await fetch(`${a}/json`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers.get('strict-transport-security')).toBeNull();
      const forced = await fetch(`${b}/json`);
      expect(forced.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(forced.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await untrusted.close();
      await always.close();
    }
  });

  it('sets the headers on every reply, the API set on /api answers, and a route may still override one', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, policy);
    app.get('/json', async () => ({ ok: true }));
    app.get('/api/json', async () => ({ ok: true }));
    app.get('/api/image', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'; sandbox").send('bytes'));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const [page, json, image, missing] = await Promise.all(['/json', '/api/json', '/api/image', '/api/nowhere'].map((path) => fetch(`${base}${path}`)));
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(json.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(json.headers.get('x-frame-options')).toBe('DENY');
      expect(json.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    } finally {
      await app.close();
    }
  });
});
