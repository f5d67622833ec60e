import Fastify from 'fastify';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.js';

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

  it('refuses a policy helmet refuses', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { 'default-src': ['bad;value'] } } })).toThrow();
  });
});

describe(registerSecurityHeaders.name, () => {
  it('sets the headers on every reply, and a route may still override one', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, policy);
    app.get('/json', async () => ({ ok: true }));
    app.get('/image', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'; sandbox").send('bytes'));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const [json, image, missing] = await Promise.all(['/json', '/image', '/nowhere'].map((path) => fetch(`${base}${path}`)));
      expect(json.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    } finally {
      await app.close();
    }
  });
});
