import {
  ApiClient,
  createApprovedUser,
  e2eProducts,
  expectEventually,
  makeImage,
  makeJpeg,
  makePngBomb,
  makeWebp,
  type ApprovedUser,
} from '@wrenchlog/testing';
import sharp from 'sharp';
import { createMachine, fetchImage, upload } from './machines.helpers.js';

const TYPE_MESSAGE = 'Invalid file type. Only JPEG, PNG and WebP are allowed.';

describe.each(e2eProducts())('machine photos (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let jpeg: Buffer;
  let thumb: Buffer;

  const gallery = async (machineId: number) => (await api.get(`/api/machines/${machineId}/gallery`, owner.token)).body as any[];

  beforeAll(async () => {
    owner = await createApprovedUser(api);
    jpeg = await makeJpeg(800, 600);
    thumb = await makeJpeg(200, 150);
  });

  describe('profile photo', () => {
    it('uploads an original and a thumbnail, answers signed URLs, and the machine points at the photo', async () => {
      const machine = await createMachine(api, owner.token);

      const res = await upload(
        api,
        'POST',
        `/api/machines/${machine.id}/profile-photo`,
        [
          { field: 'original', bytes: jpeg },
          { field: 'thumbnail', bytes: thumb },
        ],
        owner.token,
      );

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        thumbnailUrl: expect.stringMatching(/^\/api\/images\/u\d+\/.+-thumb\.jpg\?exp=\d+&sig=/),
        originalUrl: expect.stringMatching(/-original\.jpg\?exp=/),
      });
      expect((await api.get(`/api/machines/${machine.id}/profile-photo`, owner.token)).body).toMatchObject({ id: res.body.id });
      expect((await api.get(`/api/machines/?machineId=${machine.id}`, owner.token)).body.profilePhoto).toBe(res.body.id);
      const original = await fetchImage(baseUrl, res.body.originalUrl);
      expect(original.status).toBe(200);
      expect(original.type).toBe('image/jpeg');
      expect(original.bytes.equals(jpeg)).toBe(true);
      expect(original.headers.get('x-content-type-options')).toBe('nosniff');
      expect(original.headers.get('content-security-policy')).toContain('sandbox');
      const thumbnail = await fetchImage(baseUrl, res.body.thumbnailUrl);
      expect(thumbnail.bytes.equals(thumb)).toBe(true);
    });

    it('replaces the profile photo; the old one is deleted', async () => {
      const machine = await createMachine(api, owner.token);
      const first = await upload(api, 'POST', `/api/machines/${machine.id}/profile-photo`, [{ field: 'original', bytes: jpeg }], owner.token);

      const second = await upload(
        api,
        'POST',
        `/api/machines/${machine.id}/profile-photo`,
        [{ field: 'original', bytes: await makeWebp(300, 300) }],
        owner.token,
      );

      expect(second.status).toBe(201);
      expect(second.body.originalUrl).toMatch(/-original\.webp\?/);
      expect((await api.get(`/api/machines/${machine.id}/profile-photo`, owner.token)).body.id).toBe(second.body.id);
      await expectEventually(async () => expect((await fetchImage(baseUrl, first.body.originalUrl)).status).toBe(404), 20000);
    });

    it('deletes the profile photo with 204; reading it then answers 404', async () => {
      const machine = await createMachine(api, owner.token);
      const photo = await upload(api, 'POST', `/api/machines/${machine.id}/profile-photo`, [{ field: 'original', bytes: jpeg }], owner.token);

      const res = await api.delete(`/api/machines/${machine.id}/profile-photo`, owner.token);

      expect(res.status).toBe(204);
      const read = await api.get(`/api/machines/${machine.id}/profile-photo`, owner.token);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe('This machine has no profile photo');
      expect((await api.get(`/api/machines/?machineId=${machine.id}`, owner.token)).body.profilePhoto).toBeNull();
      await expectEventually(async () => expect((await fetchImage(baseUrl, photo.body.originalUrl)).status).toBe(404), 20000);
    });
  });

  describe('gallery', () => {
    it('makes the 200 px thumbnail when only originals were sent', async () => {
      const machine = await createMachine(api, owner.token);

      const res = await upload(
        api,
        'POST',
        `/api/machines/${machine.id}/gallery`,
        [
          { field: 'originals', bytes: await makeImage(600, 450, 'png'), type: 'image/png', name: 'a.png' },
          { field: 'originals', bytes: jpeg },
        ],
        owner.token,
      );

      expect(res.status).toBe(201);
      expect(res.body).toHaveLength(2);
      await expectEventually(async () => {
        const photos = await gallery(machine.id);
        expect(photos.map((p) => p.state)).toEqual(['processed', 'processed']);
      }, 20000);
      const [png, jpg] = await gallery(machine.id);
      const pngThumb = await fetchImage(baseUrl, png.thumbnailUrl);
      expect(pngThumb.type).toBe('image/png');
      expect(await sharp(pngThumb.bytes).metadata()).toMatchObject({ format: 'png', width: 200, height: 150 });
      expect(await sharp((await fetchImage(baseUrl, jpg.thumbnailUrl)).bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
    });

    it('normalises an original larger than 1920 px', async () => {
      const machine = await createMachine(api, owner.token);
      const big = await makeImage(2600, 1300, 'jpeg');

      await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: big }], owner.token);

      await expectEventually(async () => {
        const [photo] = await gallery(machine.id);
        expect(await sharp((await fetchImage(baseUrl, photo.originalUrl)).bytes).metadata()).toMatchObject({ width: 1920, height: 960 });
      }, 20000);
    });

    it('pairs repeated originals and thumbnails and lists photos as {id, thumbnailUrl, originalUrl}', async () => {
      const machine = await createMachine(api, owner.token);

      const res = await upload(
        api,
        'POST',
        `/api/machines/${machine.id}/gallery`,
        [
          { field: 'originals', bytes: jpeg },
          { field: 'thumbnails', bytes: thumb },
        ],
        owner.token,
      );

      const photos = await gallery(machine.id);
      expect(photos).toEqual([
        { id: res.body[0].id, thumbnailUrl: expect.any(String), originalUrl: expect.any(String), state: expect.any(String), error: null },
      ]);
      expect((await fetchImage(baseUrl, photos[0].thumbnailUrl)).bytes.equals(thumb)).toBe(true);
    });

    it('refuses a gallery upload that would exceed 5 photos and keeps nothing of it', async () => {
      const user = await createApprovedUser(api);
      const machine = await createMachine(api, user.token);
      const photos = async () => (await api.get(`/api/machines/${machine.id}/gallery`, user.token)).body as any[];
      const userStats = async () => (await api.get(`/api/user/${user.id}/imageStats`, user.token)).body;
      const three = [1, 2, 3].map(() => ({ field: 'originals', bytes: jpeg }));
      expect((await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, three, user.token)).status).toBe(201);
      await expectEventually(async () => expect((await photos()).map((p) => p.state)).toEqual(['processed', 'processed', 'processed']), 30000);
      await expectEventually(async () => expect((await userStats()).imageCount).toBe(3), 20000);
      const before = await userStats();

      const tooMany = await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, three, user.token);

      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe("A machine's gallery holds at most 5 photos; it has 3, so at most 2 more can be added.");
      expect(await photos()).toHaveLength(3);
      expect(await userStats()).toEqual(before);

      expect((await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, three.slice(0, 2), user.token)).status).toBe(201);
      const sixth = await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: jpeg }], user.token);
      expect(sixth.status).toBe(400);
      expect(sixth.body.message).toBe("A machine's gallery holds at most 5 photos; it has 5, so at most 0 more can be added.");
      expect(await photos()).toHaveLength(5);
    });

    it('answers the same photos to a retried upload with the same Idempotency-Key and stores them once', async () => {
      const machine = await createMachine(api, owner.token);
      const files = [
        { field: 'originals', bytes: jpeg },
        { field: 'originals', bytes: thumb },
      ];
      const headers = { 'idempotency-key': `gallery-retry-${Date.now()}-${Math.random().toString(36).slice(2)}` };

      const first = await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, files, owner.token, headers);
      const retried = await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, files, owner.token, headers);
      const fresh = await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, files.slice(0, 1), owner.token);

      expect([first.status, retried.status, fresh.status]).toEqual([201, 201, 201]);
      expect(retried.body.map((p: { id: number }) => p.id)).toEqual(first.body.map((p: { id: number }) => p.id));
      expect((await gallery(machine.id)).map((p) => p.id)).toEqual([...first.body.map((p: { id: number }) => p.id), fresh.body[0].id]);
    });

    it('answers the same profile photo to a retried upload with the same Idempotency-Key', async () => {
      const machine = await createMachine(api, owner.token);
      const headers = { 'idempotency-key': `profile-retry-${Date.now()}-${Math.random().toString(36).slice(2)}` };
      const send = () => upload(api, 'POST', `/api/machines/${machine.id}/profile-photo`, [{ field: 'original', bytes: jpeg }], owner.token, headers);

      const first = await send();
      const retried = await send();

      expect([first.status, retried.status]).toEqual([201, 201]);
      expect(retried.body.id).toBe(first.body.id);
      expect((await api.get(`/api/machines/?machineId=${machine.id}`, owner.token)).body.profilePhoto).toBe(first.body.id);
      expect((await fetchImage(baseUrl, retried.body.originalUrl)).status).toBe(200);
    });

    it('deletes the selected photos (JSON list of ids) with 204', async () => {
      const machine = await createMachine(api, owner.token);
      const added = (
        await upload(
          api,
          'POST',
          `/api/machines/${machine.id}/gallery`,
          [1, 2, 3].map(() => ({ field: 'originals', bytes: jpeg })),
          owner.token,
        )
      ).body;

      const res = await api.delete(`/api/machines/${machine.id}/gallery`, owner.token, [added[0].id, added[2].id]);

      expect(res.status).toBe(204);
      expect((await gallery(machine.id)).map((p) => p.id)).toEqual([added[1].id]);
      await expectEventually(async () => expect((await fetchImage(baseUrl, added[0].originalUrl)).status).toBe(404), 20000);
    });

    it('refuses a delete without ids, and one naming a photo that is not in this gallery, deleting nothing', async () => {
      const machine = await createMachine(api, owner.token);
      const other = await createMachine(api, owner.token);
      const [mine] = (await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: jpeg }], owner.token)).body;
      const [elsewhere] = (await upload(api, 'POST', `/api/machines/${other.id}/gallery`, [{ field: 'originals', bytes: jpeg }], owner.token)).body;

      const empty = await api.delete(`/api/machines/${machine.id}/gallery`, owner.token, []);
      const wrong = await api.delete(`/api/machines/${machine.id}/gallery`, owner.token, [mine.id, elsewhere.id]);

      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Invalid machine ID or no photos selected');
      expect(wrong.status).toBe(404);
      expect((await gallery(machine.id)).map((p) => p.id)).toEqual([mine.id]);
    });
  });

  describe('upload checks', () => {
    it('refuses a file that is not an image even when it is named .jpg and declared image/jpeg (415)', async () => {
      const machine = await createMachine(api, owner.token);

      const res = await upload(
        api,
        'POST',
        `/api/machines/${machine.id}/gallery`,
        [{ field: 'originals', bytes: Buffer.from('<html><script>alert("x")</script></html>'), name: 'holiday.jpg', type: 'image/jpeg' }],
        owner.token,
      );

      expect(res.status).toBe(415);
      expect(res.body.message).toBe(TYPE_MESSAGE);
      expect(await gallery(machine.id)).toEqual([]);
    });

    it('keeps nothing of a multi-file upload when one file fails its check', async () => {
      const user = await createApprovedUser(api);
      const machine = await createMachine(api, user.token);

      const res = await upload(
        api,
        'POST',
        `/api/machines/${machine.id}/gallery`,
        [
          { field: 'originals', bytes: jpeg },
          { field: 'originals', bytes: Buffer.from('GIF89a not allowed'), name: 'b.gif', type: 'image/gif' },
        ],
        user.token,
      );

      expect(res.status).toBe(415);
      expect((await api.get(`/api/machines/${machine.id}/gallery`, user.token)).body).toEqual([]);
      expect((await api.get(`/api/user/${user.id}/imageStats`, user.token)).body).toEqual({
        imageCount: 0,
        totalImageSize: 0,
        documentCount: 0,
        totalDocumentSize: 0,
      });
    });

    it('refuses a file over 2 MB with 413 and a clear message', async () => {
      const machine = await createMachine(api, owner.token);
      const huge = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024 + 10)]);

      const res = await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: huge }], owner.token);

      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Each image must be at most 2 MB.');
    });

    it('refuses a 14000x14000 PNG bomb with 413 before decoding it', async () => {
      const machine = await createMachine(api, owner.token);

      const res = await upload(
        api,
        'POST',
        `/api/machines/${machine.id}/gallery`,
        [{ field: 'originals', bytes: await makePngBomb(), type: 'image/png', name: 'bomb.png' }],
        owner.token,
      );

      expect(res.status).toBe(413);
      expect(res.body.message).toBe('The image is too large: at most 50 megapixels.');
      expect(await gallery(machine.id)).toEqual([]);
    });

    it('refuses an upload with no file, and a JSON body', async () => {
      const machine = await createMachine(api, owner.token);

      const none = await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [], owner.token);
      const json = await api.post(`/api/machines/${machine.id}/gallery`, { originals: [] }, owner.token);

      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Select at least one photo to upload');
      expect(json.status).toBe(415);
    });

    it('shows the owner an image the worker could not process, with the reason', async () => {
      const machine = await createMachine(api, owner.token);
      // A real JPEG header (it passes the upload checks) with its pixel data cut off.
      const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 3));

      expect((await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: truncated }], owner.token)).status).toBe(201);

      await expectEventually(async () => {
        const [photo] = await gallery(machine.id);
        expect(photo.state).toBe('failed');
        expect(photo.error).toMatch(/^The image could not be read/);
      }, 20000);
    });
  });

  it('deletes the photos of a deleted machine from storage and from the account size', async () => {
    const user = await createApprovedUser(api);
    const machine = await createMachine(api, user.token);
    const [photo] = (await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: jpeg }], user.token)).body;
    await expectEventually(async () => expect((await api.get(`/api/user/${user.id}/imageStats`, user.token)).body.imageCount).toBe(1), 20000);

    expect((await api.delete(`/api/machines/${machine.id}`, user.token)).status).toBe(204);

    await expectEventually(async () => {
      expect((await api.get(`/api/user/${user.id}/imageStats`, user.token)).body).toEqual({
        imageCount: 0,
        totalImageSize: 0,
        documentCount: 0,
        totalDocumentSize: 0,
      });
      expect((await fetchImage(baseUrl, photo.originalUrl)).status).toBe(404);
      expect((await fetchImage(baseUrl, photo.thumbnailUrl)).status).toBe(404);
    }, 20000);
  });
});
