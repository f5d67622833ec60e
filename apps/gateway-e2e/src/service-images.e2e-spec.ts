import {
  ApiClient,
  createApprovedUser,
  e2eProducts,
  expectEventually,
  machineForServiceTests,
  makeJpeg,
  makePng,
  makeWebp,
  serviceRecordFor,
  type ApprovedUser,
} from '@wrenchlog/testing';

const DELETE_MESSAGE = 'Invalid service record ID or no images selected';

interface UploadFile {
  bytes: Buffer;
  name: string;
  type?: string;
}

/** The form's upload: images[i][original] and, when given, images[i][thumbnail]. */
function uploadForm(images: { original: UploadFile; thumbnail?: UploadFile }[]): FormData {
  const form = new FormData();
  images.forEach(({ original, thumbnail }, i) => {
    form.append(`images[${i}][original]`, new Blob([new Uint8Array(original.bytes)], { type: original.type ?? 'image/jpeg' }), original.name);
    if (thumbnail) {
      form.append(`images[${i}][thumbnail]`, new Blob([new Uint8Array(thumbnail.bytes)], { type: thumbnail.type ?? 'image/jpeg' }), thumbnail.name);
    }
  });
  return form;
}

describe.each(e2eProducts())('service record images (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let machineId: number;

  const upload = (
    recordId: number | string,
    images: { original: UploadFile; thumbnail?: UploadFile }[],
    token = owner.token,
    headers?: Record<string, string>,
  ) => api.request('POST', `/api/services/${recordId}/images`, { token, raw: uploadForm(images), headers });
  const deleteImages = (recordId: number | string, ids: unknown, token = owner.token) => api.delete(`/api/services/${recordId}/images`, token, ids);
  const fetchImage = (url: string) => fetch(`${baseUrl}${url}`);
  // Waits until the image worker has taken the record's images in (its processed event came back).
  const processed = (recordId: number) =>
    expectEventually(async () => {
      const list = await api.get(`/api/services/${recordId}/images`, owner.token);
      expect(list.body.map((i: { state: string }) => i.state)).not.toContain('pending');
    }, 20000);

  beforeAll(async () => {
    owner = await createApprovedUser(api);
    machineId = await machineForServiceTests(api, owner.token, 'Photo truck');
  });

  it('adds images to a saved record and lists them with signed URLs, file names and a count', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const jpeg = await makeJpeg(800, 600);

    const res = await upload(record.id, [
      { original: { bytes: jpeg, name: 'front.jpg' }, thumbnail: { bytes: await makeJpeg(200, 150), name: 'front-thumb.jpg' } },
      { original: { bytes: await makePng(300, 300), name: 'dash.png', type: 'image/png' } },
    ]);

    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      fileName: 'front.jpg',
      thumbnailUrl: expect.stringMatching(/^\/api\/images\/.+\?exp=\d+&sig=/),
      originalUrl: expect.stringMatching(/^\/api\/images\/.+\?exp=\d+&sig=/),
      state: expect.any(String),
      error: null,
    });
    expect(res.body[1].fileName).toBe('dash.png');

    const list = await api.get(`/api/services/${record.id}/images`, owner.token);
    expect(list.status).toBe(200);
    expect(list.body.map((i: { id: number; fileName: string }) => [i.id, i.fileName])).toEqual(
      res.body.map((i: { id: number; fileName: string }) => [i.id, i.fileName]),
    );

    const count = await api.get(`/api/services/${record.id}/images/count`, owner.token);
    expect(count.status).toBe(200);
    expect(count.headers.get('content-type')).toMatch(/^application\/json/);
    expect(count.text).toBe('2');

    const original = await fetchImage(list.body[0].originalUrl);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    // The image worker makes the thumbnail that was not uploaded.
    await expectEventually(async () => {
      const thumb = await fetchImage((await api.get(`/api/services/${record.id}/images`, owner.token)).body[1].thumbnailUrl);
      expect(thumb.status).toBe(200);
    }, 20000);
    await expectEventually(async () => {
      const states = (await api.get(`/api/services/${record.id}/images`, owner.token)).body.map((i: { state: string }) => i.state);
      expect(states).toEqual(['processed', 'processed']);
    }, 20000);
  });

  it('answers the same images to a retried upload with the same Idempotency-Key and stores them once', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const images = [
      { original: { bytes: await makeJpeg(640, 480), name: 'left.jpg' } },
      { original: { bytes: await makePng(320, 240), name: 'right.png', type: 'image/png' } },
    ];
    const headers = { 'idempotency-key': `service-images-retry-${Date.now()}-${Math.random().toString(36).slice(2)}` };

    const first = await upload(record.id, images, owner.token, headers);
    const retried = await upload(record.id, images, owner.token, headers);

    expect([first.status, retried.status]).toEqual([201, 201]);
    expect(retried.body.map((i: { id: number }) => i.id)).toEqual(first.body.map((i: { id: number }) => i.id));
    expect((await api.get(`/api/services/${record.id}/images/count`, owner.token)).body).toBe(2);
  });

  it('counts 0 and lists nothing for a record without images', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);

    expect((await api.get(`/api/services/${record.id}/images/count`, owner.token)).text).toBe('0');
    expect((await api.get(`/api/services/${record.id}/images`, owner.token)).body).toEqual([]);
  });

  it('takes WebP, and refuses what is not a JPEG, PNG or WebP by its content whatever its name', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);

    expect((await upload(record.id, [{ original: { bytes: await makeWebp(120, 90), name: 'w.webp', type: 'image/webp' } }])).status).toBe(201);
    const fake = await upload(record.id, [{ original: { bytes: Buffer.from('GIF89a not really an image'), name: 'photo.jpg' } }]);

    expect(fake.status).toBe(415);
    expect(fake.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Invalid file type. Only JPEG, PNG and WebP are allowed.' });
    expect((await api.get(`/api/services/${record.id}/images/count`, owner.token)).text).toBe('1');
  });

  it('takes images only for a saved record: a bad id is refused and an unknown one is not found', async () => {
    const jpeg = { original: { bytes: await makeJpeg(64, 64), name: 'a.jpg' } };

    expect((await upload(0, [jpeg])).body).toMatchObject({ statusCode: 400, message: 'Invalid service record ID' });
    expect((await upload('new', [jpeg])).body).toMatchObject({ statusCode: 400, message: 'Invalid service record ID' });
    expect((await upload(987654321, [jpeg])).body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await api.get('/api/services/abc/images', owner.token)).body).toMatchObject({ statusCode: 400, message: 'Invalid service record ID' });
    expect((await api.get('/api/services/0/images/count', owner.token)).body).toMatchObject({ statusCode: 400, message: 'Invalid service record ID' });
  });

  it('deletes the selected images, and refuses a delete without a valid id or any image', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const added = (
      await upload(record.id, [
        { original: { bytes: await makeJpeg(100, 100), name: '1.jpg' } },
        { original: { bytes: await makeJpeg(100, 100), name: '2.jpg' } },
      ])
    ).body;
    await processed(record.id);

    for (const [id, body] of [
      [record.id, []],
      [record.id, 'all'],
      [record.id, [0]],
      [0, [added[0].id]],
      ['abc', [added[0].id]],
    ] as const) {
      const res = await deleteImages(id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', message: DELETE_MESSAGE });
    }
    const res = await deleteImages(record.id, [added[0].id]);

    expect(res.status).toBe(204);
    expect((await api.get(`/api/services/${record.id}/images`, owner.token)).body.map((i: { id: number }) => i.id)).toEqual([added[1].id]);
    expect((await api.get(`/api/services/${record.id}/images/count`, owner.token)).text).toBe('1');
    await expectEventually(async () => {
      expect((await fetchImage(added[0].originalUrl)).status).toBe(404);
    }, 20000);
    expect((await fetchImage(added[1].originalUrl)).status).toBe(200);
  });

  it('deletes the images of a record deleted right after the upload', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const [image] = (await upload(record.id, [{ original: { bytes: await makeJpeg(100, 100), name: 'gone.jpg' } }])).body;

    expect((await api.delete(`/api/services/${record.id}`, owner.token)).status).toBe(204);

    expect((await api.get(`/api/services/${record.id}/images`, owner.token)).status).toBe(404);
    await expectEventually(async () => {
      expect((await fetchImage(image.originalUrl)).status).toBe(404);
    }, 20000);
  });

  it('deletes the records and images of a deleted machine', async () => {
    const machine = await machineForServiceTests(api, owner.token, 'Short-lived');
    const record = await serviceRecordFor(api, owner.token, machine);
    const [image] = (await upload(record.id, [{ original: { bytes: await makeJpeg(100, 100), name: 'm.jpg' } }])).body;
    await processed(record.id);

    expect((await api.delete(`/api/machines/${machine}`, owner.token)).status).toBe(204);

    await expectEventually(async () => {
      expect((await api.get(`/api/services/${record.id}`, owner.token)).status).toBe(404);
      expect((await fetchImage(image.originalUrl)).status).toBe(404);
    }, 20000);
  });
});

describe.each(e2eProducts())("another user's service record images (%s)", (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let intruder: ApprovedUser;
  let record: { id: number };
  let images: { id: number }[];

  beforeAll(async () => {
    [owner, intruder] = [await createApprovedUser(api), await createApprovedUser(api)];
    record = await serviceRecordFor(api, owner.token, await machineForServiceTests(api, owner.token, 'Owner van'));
    const res = await api.request('POST', `/api/services/${record.id}/images`, {
      token: owner.token,
      raw: uploadForm([{ original: { bytes: await makeJpeg(120, 80), name: 'private.jpg' } }]),
    });
    images = res.body;
  });

  it('answers 404 to every image call and leaves the images as they were', async () => {
    const token = intruder.token;
    const form = uploadForm([{ original: { bytes: await makeJpeg(50, 50), name: 'planted.jpg' } }]);

    for (const res of [
      await api.request('POST', `/api/services/${record.id}/images`, { token, raw: form }),
      await api.get(`/api/services/${record.id}/images`, token),
      await api.get(`/api/services/${record.id}/images/count`, token),
      await api.delete(`/api/services/${record.id}/images`, token, [images[0].id]),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Service record not found' });
    }
    const list = await api.get(`/api/services/${record.id}/images`, owner.token);
    expect(list.body.map((i: { id: number; fileName: string }) => [i.id, i.fileName])).toEqual([[images[0].id, 'private.jpg']]);
  });

  it("does not delete the owner's image ids through the intruder's own record", async () => {
    const mine = await serviceRecordFor(api, intruder.token, await machineForServiceTests(api, intruder.token, 'Intruder car'));

    const res = await api.delete(`/api/services/${mine.id}/images`, intruder.token, [images[0].id]);

    expect(res.status).toBe(204);
    expect((await api.get(`/api/services/${record.id}/images/count`, owner.token)).text).toBe('1');
  });

  it('needs a signed-in caller', async () => {
    expect((await api.get(`/api/services/${record.id}/images`)).status).toBe(401);
    expect((await api.get(`/api/services/${record.id}/images/count`)).status).toBe(401);
    expect((await api.delete(`/api/services/${record.id}/images`, undefined, [1])).status).toBe(401);
  });
});
