import {
  ApiClient,
  createApprovedUser,
  createMachine,
  e2eProducts,
  expectEventually,
  makeJpeg,
  makePdf,
  serviceRecordFor,
  type ApprovedUser,
} from '@wrenchlog/testing';
import { fetchImage, upload } from './machines.helpers.js';

// Documents (issue 18): PDFs on machines, service records, fuel records and part purchases.

const pdfUpload = (api: ApiClient, path: string, bytes: Buffer, token: string, name = 'invoice.pdf', headers?: Record<string, string>) =>
  upload(api, 'POST', path, [{ field: 'file', bytes, name, type: 'application/pdf' }], token, headers);

const fuelRecord = (machineId: number) => ({
  machineId,
  amount: 12.5,
  pricePerUnit: 3.459,
  totalPrice: 43.24,
  dateOfPurchase: '2026-11-20T14:30:00.000Z',
});

/** What the SPA's part purchase form posts. */
const purchase = (machineId: number) => ({
  partName: 'Hydraulic Hose Assembly',
  partNumber: 'H-0836-12',
  quantity: 2,
  price: 94.4,
  storeName: 'Heartland Hydraulics',
  storeCity: 'Kansas City',
  storeState: 'MO',
  partStatus: 'New',
  purchaseDate: '2026-11-18T13:00:00.000Z',
  machineId,
  partId: null,
  userId: 0,
  storeId: 0,
});

describe.each(e2eProducts())('documents (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let owner: ApprovedUser;
  let other: ApprovedUser;
  let machineId: number;
  let pdf: Buffer;

  beforeAll(async () => {
    [owner, other] = await Promise.all([createApprovedUser(api), createApprovedUser(api)]);
    machineId = (await createMachine(api, owner.token, { name: 'Documents Tractor' })).id;
    pdf = makePdf('Invoice 2026-118: hydraulic pump');
  });

  it('uploads a PDF to a service record, lists it, and opens the identical bytes from its signed link', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);

    const added = await pdfUpload(api, `/api/services/${record.id}/documents`, pdf, owner.token, 'Pump invoice (May).pdf');
    const list = await api.get(`/api/services/${record.id}/documents`, owner.token);

    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      parentKind: 'service-record',
      parentId: record.id,
      fileName: 'Pump invoice (May).pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect(added.body.objectKey).toBeUndefined();
    expect(list.status).toBe(200);
    expect(list.body.map((d: { id: number; fileName: string }) => [d.id, d.fileName])).toEqual([[added.body.id, 'Pump invoice (May).pdf']]);
    const file = await fetchImage(baseUrl, list.body[0].url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.equals(pdf)).toBe(true);
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Pump%20invoice%20%28May%29.pdf");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api.get(`/api/documents/${added.body.id}`, owner.token)).body.fileName).toBe('Pump invoice (May).pdf');
  });

  it("serves a PDF carrying JavaScript and HTML after %%EOF sandboxed, so it cannot act in the product's origin", async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const hostile = Buffer.concat([
      makePdf('Invoice').subarray(0, -1),
      Buffer.from('\n4 0 obj <</S /JavaScript /JS (app.alert(document.cookie))>> endobj\n%%EOF\n<html><script>fetch("/api/auth/me")</script></html>\n%%EOF\n'),
    ]);

    const added = await pdfUpload(api, `/api/services/${record.id}/documents`, hostile, owner.token, 'hostile.pdf');
    const file = await fetchImage(baseUrl, added.body.url);

    expect(added.status).toBe(201);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="hostile.pdf"/);
  });

  it('attaches to a machine, a fuel record and a part purchase, each listing only its own', async () => {
    const fuel = await api.post('/api/fuel-records', fuelRecord(machineId), owner.token);
    const bought = await api.post('/api/purchases', purchase(machineId), owner.token);
    expect([fuel.status, bought.status]).toEqual([201, 201]);

    const paths = [`/api/machines/${machineId}/documents`, `/api/fuel-records/${fuel.body.id}/documents`, `/api/purchases/${bought.body.id}/documents`];
    const added = await Promise.all(paths.map((path, i) => pdfUpload(api, path, makePdf(`doc ${i}`), owner.token, `doc-${i}.pdf`)));
    const lists = await Promise.all(paths.map((path) => api.get(path, owner.token)));

    expect(added.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(added.map((a) => a.body.parentKind)).toEqual(['machine', 'fuel-record', 'purchase']);
    expect(lists.map((l) => l.body.map((d: { fileName: string }) => d.fileName))).toEqual([['doc-0.pdf'], ['doc-1.pdf'], ['doc-2.pdf']]);
  });

  it("answers 404 for another user's record and document, and never serves a link with a changed name", async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const added = await pdfUpload(api, `/api/services/${record.id}/documents`, pdf, owner.token);

    const peekList = await api.get(`/api/services/${record.id}/documents`, other.token);
    const peekUpload = await pdfUpload(api, `/api/services/${record.id}/documents`, pdf, other.token);
    const peekMachine = await api.get(`/api/machines/${machineId}/documents`, other.token);
    const peekDoc = await api.get(`/api/documents/${added.body.id}`, other.token);
    const peekDelete = await api.delete(`/api/documents/${added.body.id}`, other.token);

    expect([peekList.status, peekUpload.status, peekMachine.status, peekDoc.status, peekDelete.status]).toEqual([404, 404, 404, 404, 404]);
    expect(peekDoc.body.message).toBe('Document not found');
    const renamed = new URL(added.body.url, baseUrl);
    renamed.searchParams.set('name', 'other.pdf');
    expect((await fetchImage(baseUrl, `${renamed.pathname}${renamed.search}`)).status).toBe(403);
    expect((await api.get(`/api/services/${record.id}/documents`, owner.token)).body).toHaveLength(1);
  });

  it('refuses a JPEG named .pdf (415), an empty file (400) and more than 20 MB (413), storing nothing', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const path = `/api/services/${record.id}/documents`;

    const jpeg = await pdfUpload(api, path, await makeJpeg(64, 48), owner.token, 'receipt.pdf');
    const empty = await pdfUpload(api, path, Buffer.alloc(0), owner.token, 'empty.pdf');
    const large = await pdfUpload(api, path, makePdf('manual', 20 * 1024 * 1024 + 4096), owner.token, 'manual.pdf');
    const noFile = await api.request('POST', path, { token: owner.token, raw: new FormData() });

    expect(jpeg.status).toBe(415);
    expect(jpeg.body.message).toBe('Only PDF documents can be attached.');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty.');
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('A document must be at most 20 MB.');
    expect([400, 415]).toContain(noFile.status);
    expect((await api.get(path, owner.token)).body).toEqual([]);
  });

  it('answers a retried upload (same Idempotency-Key) with the same document', async () => {
    const record = await serviceRecordFor(api, owner.token, machineId);
    const headers = { 'idempotency-key': `doc-retry-${Date.now()}` };

    const first = await pdfUpload(api, `/api/services/${record.id}/documents`, pdf, owner.token, 'a.pdf', headers);
    const again = await pdfUpload(api, `/api/services/${record.id}/documents`, pdf, owner.token, 'a.pdf', headers);

    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect((await api.get(`/api/services/${record.id}/documents`, owner.token)).body).toHaveLength(1);
  });

  it('counts documents in the account size, and deletes one (204) with its link', async () => {
    const user = await createApprovedUser(api);
    const machine = (await createMachine(api, user.token, { name: 'Counted' })).id;
    const bigger = makePdf('manual', 300_000);
    const kept = await pdfUpload(api, `/api/machines/${machine}/documents`, bigger, user.token, 'manual.pdf');
    const gone = await pdfUpload(api, `/api/machines/${machine}/documents`, pdf, user.token, 'old.pdf');

    const before = await api.get(`/api/user/${user.id}/imageStats`, user.token);
    expect(before.body).toEqual({ imageCount: 0, totalImageSize: 0, documentCount: 2, totalDocumentSize: bigger.length + pdf.length });

    expect((await api.delete(`/api/documents/${gone.body.id}`, user.token)).status).toBe(204);
    expect((await api.get(`/api/documents/${gone.body.id}`, user.token)).status).toBe(404);
    expect((await fetchImage(baseUrl, gone.body.url)).status).toBe(404);
    expect((await api.get(`/api/user/${user.id}/imageStats`, user.token)).body).toMatchObject({ documentCount: 1, totalDocumentSize: bigger.length });
    expect((await api.get(`/api/machines/${machine}/documents`, user.token)).body.map((d: { id: number }) => d.id)).toEqual([kept.body.id]);
  });

  it('deletes the documents of a deleted service record, fuel record, purchase and machine', async () => {
    const user = await createApprovedUser(api);
    const machine = (await createMachine(api, user.token, { name: 'Sold' })).id;
    const record = await serviceRecordFor(api, user.token, machine);
    const fuel = (await api.post('/api/fuel-records', fuelRecord(machine), user.token)).body;
    const bought = (await api.post('/api/purchases', purchase(machine), user.token)).body;
    const onRecord = await pdfUpload(api, `/api/services/${record.id}/documents`, pdf, user.token);
    const onFuel = await pdfUpload(api, `/api/fuel-records/${fuel.id}/documents`, pdf, user.token);
    const onPurchase = await pdfUpload(api, `/api/purchases/${bought.id}/documents`, pdf, user.token);
    // The next two go with the machine (one through its record).
    await pdfUpload(api, `/api/machines/${machine}/documents`, pdf, user.token);
    const keptRecord = await serviceRecordFor(api, user.token, machine);
    const onKeptRecord = await pdfUpload(api, `/api/services/${keptRecord.id}/documents`, pdf, user.token);
    expect((await api.get(`/api/user/${user.id}/imageStats`, user.token)).body.documentCount).toBe(5);

    expect((await api.delete(`/api/services/${record.id}`, user.token)).status).toBe(204);
    expect((await api.delete(`/api/fuel-records/${fuel.id}`, user.token)).status).toBe(204);
    expect((await api.delete(`/api/purchases/${bought.id}`, user.token)).status).toBe(204);
    await expectEventually(async () => {
      expect((await api.get(`/api/user/${user.id}/imageStats`, user.token)).body.documentCount).toBe(2);
    }, 20000);
    // The rows go first, then their objects (the worker deletes them after its commit).
    await expectEventually(async () => {
      for (const gone of [onRecord, onFuel, onPurchase]) {
        expect((await api.get(`/api/documents/${gone.body.id}`, user.token)).status).toBe(404);
        expect((await fetchImage(baseUrl, gone.body.url)).status).toBe(404);
      }
    }, 20000);

    // The machine's delete dialog says what goes with it.
    expect((await api.get(`/api/machines/${machine}/history-counts`, user.token)).body).toMatchObject({ serviceRecords: 1, documents: 2 });
    expect((await api.delete(`/api/machines/${machine}`, user.token)).status).toBe(204);
    await expectEventually(async () => {
      expect((await api.get(`/api/user/${user.id}/imageStats`, user.token)).body).toMatchObject({ documentCount: 0, totalDocumentSize: 0 });
    }, 20000);
    await expectEventually(async () => {
      expect((await fetchImage(baseUrl, onKeptRecord.body.url)).status).toBe(404);
    }, 20000);
  });

  it('needs a token, and checks the path ids', async () => {
    expect((await api.get(`/api/machines/${machineId}/documents`)).status).toBe(401);
    const bad = await api.get('/api/services/abc/documents', owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid service record ID');
    expect((await api.get('/api/documents/0', owner.token)).body.message).toBe('Invalid document ID');
  });
});
