import {
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  joinAccount,
  makeJpeg,
  type ApprovedUser,
  type JoinedMember,
} from '@wrenchlog/testing';

// Issue 35: an operator reporting a leak from a phone attaches a photo. Uploaded through the
// gateway and storage as a service record's images; the issue lists it with a thumbnail once the
// image worker processed it. A viewer may see but not add (403), another account's issue is 404.

/** The form's upload: images[i][original] (the worker makes the thumbnail). */
function uploadForm(files: { bytes: Buffer; name: string }[]): FormData {
  const form = new FormData();
  files.forEach(({ bytes, name }, i) => form.append(`images[${i}][original]`, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name));
  return form;
}

describe.each(e2eProducts())('issue photos (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let stranger: ApprovedUser;
  let operator: JoinedMember;
  let viewer: JoinedMember;
  let machineId: number;

  const ok = <T = any>(res: { status: number; text: string; body: T }, status: number): T => {
    expect(`${res.status} ${res.status === status ? '' : res.text.slice(0, 300)}`.trim()).toBe(String(status));
    return res.body;
  };
  const upload = async (issueId: number, token: string, name = 'leak.jpg') =>
    api.request('POST', `/api/issues/${issueId}/images`, { token, raw: uploadForm([{ bytes: await makeJpeg(800, 600), name }]) });
  const report = async (token: string) =>
    ok(await api.post(`/api/machines/${machineId}/issues`, { title: 'Hydraulic leak', priority: 'high' }, token), 201).id as number;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createApprovedUser(api, { name: 'Photo Owner' }), createApprovedUser(api, { name: 'Photo Stranger' })]);
    machineId = (await createMachine(api, owner.token, { name: 'Volvo L60H', type: 'Loader' })).id as number;
    operator = await joinAccount(api, mode, owner.token, 'operator', { machineIds: [machineId] });
    viewer = await joinAccount(api, mode, owner.token, 'viewer');
    // work-order-service learns of the machine by event.
    await expectEventually(async () => expect((await api.get(`/api/machines/${machineId}/issues`, owner.token)).status).toBe(200));
  }, 120_000);

  it("takes an operator's photo on their issue and shows it with a thumbnail once processed", async () => {
    const issueId = await report(operator.token);
    const [added] = ok(await upload(issueId, operator.token), 201);
    expect(added).toEqual({
      id: expect.any(Number),
      fileName: 'leak.jpg',
      createdBy: operator.id,
      thumbnailUrl: expect.stringMatching(/^\/api\/images\/.+\?exp=\d+&sig=/),
      originalUrl: expect.stringMatching(/^\/api\/images\/.+\?exp=\d+&sig=/),
      state: expect.any(String),
      error: null,
    });

    // The worker made the thumbnail and reported back: the issue answers it processed.
    await expectEventually(async () => {
      const issue = ok(await api.get(`/api/issues/${issueId}`, owner.token), 200);
      expect(issue.images).toEqual([expect.objectContaining({ id: added.id, state: 'processed' })]);
    }, 20_000);
    const [onMachine] = ok(await api.get(`/api/machines/${machineId}/issues`, operator.token), 200).filter((i: { id: number }) => i.id === issueId);
    const thumbnail = await fetch(`${baseUrl}${onMachine.images[0].thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
    expect(ok(await api.get(`/api/issues/${issueId}/images`, viewer.token), 200)).toHaveLength(1);
  });

  it("refuses a viewer's upload (403), another account's issue (404), and a resolved issue's (409)", async () => {
    const issueId = await report(owner.token);
    expect((await upload(issueId, viewer.token)).status).toBe(403);
    expect((await upload(issueId, stranger.token)).status).toBe(404);
    expect((await api.get(`/api/issues/${issueId}/images`, stranger.token)).status).toBe(404);
    expect((await api.delete(`/api/issues/${issueId}/images`, stranger.token, [1])).status).toBe(404);
    ok(await api.post(`/api/issues/${issueId}/resolve`, { note: 'Hose replaced' }, owner.token), 200);
    expect((await upload(issueId, owner.token)).status).toBe(409);
    expect(ok(await api.get(`/api/issues/${issueId}/images`, owner.token), 200)).toEqual([]);
  });

  it('lets the uploader or a member with issue.write remove a photo, and no one else', async () => {
    const issueId = await report(operator.token);
    const [mine] = ok(await upload(issueId, operator.token), 201);
    const [owners] = ok(await upload(issueId, owner.token, 'overview.jpg'), 201);
    // The operator reports but may not change issues: another member's photo is not theirs to remove.
    expect((await api.delete(`/api/issues/${issueId}/images`, operator.token, [owners.id])).status).toBe(403);
    expect((await api.delete(`/api/issues/${issueId}/images`, viewer.token, [mine.id])).status).toBe(403);
    ok(await api.delete(`/api/issues/${issueId}/images`, operator.token, [mine.id]), 204);
    ok(await api.delete(`/api/issues/${issueId}/images`, owner.token, [owners.id]), 204);
    expect(ok(await api.get(`/api/issues/${issueId}/images`, owner.token), 200)).toEqual([]);
    expect((await api.delete(`/api/issues/${issueId}/images`, owner.token, [])).status).toBe(400);
  });
});
