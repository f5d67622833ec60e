import { ApiClient, createApprovedUser, e2eProducts, expectEventually, makeJpeg, type ApprovedUser } from '@wrenchlog/testing';
import { createMachine, fetchImage, upload } from './machines.helpers.js';

// User B tries every machine call on user A's machine: always 404 (never revealing that it
// exists), and A's machine, photos and account size are unchanged afterwards.
describe.each(e2eProducts())("another user's machine (%s)", (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;
  let machine: any;
  let profile: any;
  let galleryPhoto: any;
  let jpeg: Buffer;

  const snapshot = async () => ({
    machine: (await api.get(`/api/machines/?machineId=${machine.id}`, a.token)).body,
    list: (await api.get('/api/machines/all', a.token)).body,
    profile: (await api.get(`/api/machines/${machine.id}/profile-photo`, a.token)).body.id,
    gallery: (await api.get(`/api/machines/${machine.id}/gallery`, a.token)).body.map((p: { id: number }) => p.id),
    stats: (await api.get(`/api/user/${a.id}/imageStats`, a.token)).body,
  });

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api), createApprovedUser(api)]);
    jpeg = await makeJpeg(320, 240);
    machine = await createMachine(api, a.token, { name: "A's loader" });
    profile = (await upload(api, 'POST', `/api/machines/${machine.id}/profile-photo`, [{ field: 'original', bytes: jpeg, name: 'p.jpg' }], a.token)).body;
    [galleryPhoto] = (await upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: jpeg }], a.token)).body;
    await expectEventually(async () => expect((await api.get(`/api/user/${a.id}/imageStats`, a.token)).body.imageCount).toBe(2), 20000);
    await expectEventually(async () => {
      const photos = (await api.get(`/api/machines/${machine.id}/gallery`, a.token)).body;
      expect(photos[0].state).toBe('processed');
      expect((await api.get(`/api/machines/${machine.id}/profile-photo`, a.token)).body.state).toBe('processed');
    }, 20000);
    machine = (await api.get(`/api/machines/?machineId=${machine.id}`, a.token)).body;
  });

  const attempts: [string, () => Promise<{ status: number; body: any }>][] = [
    ['GET /api/machines/?machineId', () => api.get(`/api/machines/?machineId=${machine.id}`, b.token)],
    ['PUT /api/machines/update (whole)', () => api.put('/api/machines/update', { ...machine, name: 'Stolen' }, b.token)],
    ['PUT /api/machines/update (status)', () => api.put('/api/machines/update', { id: machine.id, status: 'Sold' }, b.token)],
    ['DELETE /api/machines/{id}', () => api.delete(`/api/machines/${machine.id}`, b.token)],
    ['GET profile-photo', () => api.get(`/api/machines/${machine.id}/profile-photo`, b.token)],
    ['POST profile-photo', () => upload(api, 'POST', `/api/machines/${machine.id}/profile-photo`, [{ field: 'original', bytes: jpeg }], b.token)],
    ['DELETE profile-photo', () => api.delete(`/api/machines/${machine.id}/profile-photo`, b.token)],
    ['GET gallery', () => api.get(`/api/machines/${machine.id}/gallery`, b.token)],
    ['POST gallery', () => upload(api, 'POST', `/api/machines/${machine.id}/gallery`, [{ field: 'originals', bytes: jpeg }], b.token)],
    ['DELETE gallery', () => api.delete(`/api/machines/${machine.id}/gallery`, b.token, [galleryPhoto.id])],
  ];

  it.each(attempts)('answers 404 to %s', async (_call, attempt) => {
    const res = await attempt();

    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Machine not found');
  });

  it("leaves A's machine, photos and account size as they were, and keeps them out of B's lists", async () => {
    const before = await snapshot();

    for (const [, attempt] of attempts) {
      await attempt();
    }

    expect(await snapshot()).toEqual(before);
    expect(before.machine.name).toBe("A's loader");
    expect(before.profile).toBe(profile.id);
    expect(before.gallery).toEqual([galleryPhoto.id]);
    expect((await api.get('/api/machines/all', b.token)).body).toEqual([]);
    expect((await api.get('/api/machines/recentlyserviced', b.token)).body).toEqual([]);
    expect((await api.get(`/api/user/${b.id}/imageStats`, b.token)).body).toEqual({ imageCount: 0, totalImageSize: 0, documentCount: 0, totalDocumentSize: 0 });
    expect((await fetchImage(baseUrl, galleryPhoto.originalUrl)).status).toBe(200);
  });
});
