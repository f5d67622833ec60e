import { ApiClient, createApprovedUser, e2eProducts, expectEventually, makeJpeg, type ApprovedUser } from '@wrenchlog/testing';
import { createHmac } from 'node:crypto';
import { createMachine, fetchImage, upload } from './machines.helpers.js';

// The URL signing secret startProduct() gives every test product (libs/testing product.ts).
const TEST_URL_SIGNING_SECRET = 'test-url-secret-0123456789abcdef0123456789';
const sign = (key: string, exp: number) => createHmac('sha256', TEST_URL_SIGNING_SECRET).update(`wrenchlog-image:v1\n${key}\n${exp}`).digest('base64url');

describe.each(e2eProducts())('images: signed URLs, account size, backfill (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let photo: { id: number; thumbnailUrl: string; originalUrl: string };
  let jpeg: Buffer;

  beforeAll(async () => {
    owner = await createApprovedUser(api);
    jpeg = await makeJpeg(640, 480);
    const machine = await createMachine(api, owner.token);
    photo = (await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: jpeg }], owner.token)).body[0];
  });

  describe('GET /api/images/{key}', () => {
    it('serves the image behind a signed URL without any token, never as HTML', async () => {
      const res = await fetchImage(baseUrl, photo.originalUrl);

      expect(res.status).toBe(200);
      expect(res.type).toBe('image/jpeg');
      expect(res.bytes.equals(jpeg)).toBe(true);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    });

    it('refuses a URL with a tampered signature, expiry or key', async () => {
      const url = new URL(photo.originalUrl, baseUrl);
      const sig = url.searchParams.get('sig')!;
      const exp = Number(url.searchParams.get('exp'));
      const key = url.pathname.replace('/api/images/', '');
      const otherKey = key.replace(/^u\d+\//, `u${owner.id + 1}/`);

      const badSig = await fetchImage(baseUrl, `/api/images/${key}?exp=${exp}&sig=${sig.slice(0, -2)}AA`);
      const longer = await fetchImage(baseUrl, `/api/images/${key}?exp=${exp + 86400}&sig=${sig}`);
      const moved = await fetchImage(baseUrl, `/api/images/${otherKey}?exp=${exp}&sig=${sig}`);
      const unsigned = await fetchImage(baseUrl, `/api/images/${key}`);

      expect([badSig.status, longer.status, moved.status, unsigned.status]).toEqual([403, 403, 403, 403]);
      expect(JSON.parse(badSig.bytes.toString()).message).toBe('This image link is not valid.');
    });

    it('refuses an expired URL, even with a correct signature', async () => {
      const key = new URL(photo.originalUrl, baseUrl).pathname.replace('/api/images/', '');
      const exp = Math.floor(Date.now() / 1000) - 60;

      const res = await fetchImage(baseUrl, `/api/images/${key}?exp=${exp}&sig=${sign(key, exp)}`);

      expect(res.status).toBe(403);
      expect(JSON.parse(res.bytes.toString()).message).toBe('This image link has expired. Reload the page to get a new one.');
    });

    it('answers 404 for a correctly signed key that holds no image', async () => {
      const key = `u${owner.id}/00000000-0000-4000-8000-000000000000-original.jpg`;
      const exp = Math.floor(Date.now() / 1000) + 600;

      expect((await fetchImage(baseUrl, `/api/images/${key}?exp=${exp}&sig=${sign(key, exp)}`)).status).toBe(404);
    });
  });

  describe('GET /api/user/{id}/imageStats', () => {
    it('answers the image count and total bytes of the own account', async () => {
      await expectEventually(async () => {
        const res = await api.get(`/api/user/${owner.id}/imageStats`, owner.token);
        expect(res.status).toBe(200);
        expect(res.body.imageCount).toBe(1);
        // The original as uploaded plus the thumbnail the worker made.
        expect(res.body.totalImageSize).toBeGreaterThan(jpeg.length);
      }, 20000);
    });

    it("refuses another user's account size with 404, and lets an administrator read it", async () => {
      const other = await createApprovedUser(api);
      const admin = await api.loginAsAdmin();
      const own = (await api.get(`/api/user/${owner.id}/imageStats`, owner.token)).body;

      const peek = await api.get(`/api/user/${owner.id}/imageStats`, other.token);
      const asAdmin = await api.get(`/api/user/${owner.id}/imageStats`, admin);

      expect(peek.status).toBe(404);
      expect(peek.body.message).toBe('User not found');
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toEqual(own);
      expect((await api.get(`/api/user/${other.id}/imageStats`, other.token)).body).toEqual({
        imageCount: 0,
        totalImageSize: 0,
        documentCount: 0,
        totalDocumentSize: 0,
      });
    });

    it('needs a token and a numeric id', async () => {
      expect((await api.get(`/api/user/${owner.id}/imageStats`)).status).toBe(401);
      expect((await api.get('/api/user/me-too/imageStats', owner.token)).status).toBe(400);
    });
  });

  describe('POST /api/admin/images/backfill-sizes', () => {
    it('runs for an administrator and answers a text message', async () => {
      const admin = await api.loginAsAdmin();

      const res = await api.request('POST', '/api/admin/images/backfill-sizes?limit=7', { token: admin });

      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.text).toMatch(/^Backfill finished: /);
    });

    it('is for administrators only, and checks the limit', async () => {
      const admin = await api.loginAsAdmin();

      expect((await api.request('POST', '/api/admin/images/backfill-sizes?limit=7', { token: owner.token })).status).toBe(403);
      expect((await api.request('POST', '/api/admin/images/backfill-sizes?limit=7')).status).toBe(401);
      const bad = await api.request('POST', '/api/admin/images/backfill-sizes?limit=0', { token: admin });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text).message).toBe('Limit must be at least 1');
    });
  });
});
