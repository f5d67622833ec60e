import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { e2eProducts } from '@wrenchlog/testing';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that keeps the bytes as sent (fetch would decode them and hide what went over the wire). */
function rawGet(baseUrl: string, path: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// Issue 18: the web build's scripts go out precompressed, and hashed files are cached for good.
describe.each(e2eProducts())('web assets (%s)', (_mode, baseUrl) => {
  let script: string;
  let plain: Buffer;

  beforeAll(async () => {
    const index = await rawGet(baseUrl, '/');
    script = /<script[^>]+src="(\/assets\/index-[^"]+\.js)"/.exec(index.body.toString('utf8'))?.[1] ?? '';
    expect(script).not.toBe('');
    plain = (await rawGet(baseUrl, script)).body;
  });

  it('sends the main script brotli-compressed to a browser that accepts br, and gzip to one that accepts only gzip', async () => {
    const br = await rawGet(baseUrl, script, 'gzip, deflate, br, zstd');
    const gz = await rawGet(baseUrl, script, 'gzip, deflate');

    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.body.length).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain)).toBe(true);
    for (const res of [br, gz]) {
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('sends the plain file, still varying on Accept-Encoding, to a client that accepts no encoding', async () => {
    const res = await rawGet(baseUrl, script);

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.body.length).toBeGreaterThan(1024);
  });

  it('caches hashed files for a year as immutable, and has index.html and unhashed files revalidated', async () => {
    expect((await rawGet(baseUrl, script, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawGet(baseUrl, '/')).headers['cache-control']).toBe('no-cache');
    expect((await rawGet(baseUrl, '/machines')).headers['cache-control']).toBe('no-cache');
    expect((await rawGet(baseUrl, '/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });
});
