import { ApiClient, createApprovedUser, createMachine, e2eProducts, makePdf, type ApiResponse } from '@wrenchlog/testing';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';
import { gatewayRoutes, routeKey } from './gateway-routes.js';
import { ID_ROUTES, LOOSE_IDS, LOOSE_NUMBERS, NO_HOSTILE_INPUT, QUERIES } from './hostile-input.paths.js';
import {
  fuelBody,
  hostileFormBody,
  jobTemplateBody,
  machineBody,
  purchaseBody,
  RawJson,
  scheduleBody,
  serviceBody,
  variants,
  WRITES,
  type Auth,
  type Ctx,
} from './hostile-input.routes.js';
import { uploadImport } from './imports.helpers.js';
import { upload } from './machines.helpers.js';

// Issues 25 and 36: every route the gateway registers, sent the classes of hostile input from the
// one table in hostile-input.routes.ts. Each must answer 4xx in the house error body (never 5xx)
// and store nothing; another user's ids answer 404. A route missing from the table fails the suite.

function expectRefused(res: ApiResponse, what: string): void {
  const seen = `${what} -> ${res.status} ${res.text.slice(0, 200)}`;
  expect({ seen, clientError: res.status >= 400 && res.status < 500 }).toEqual({ seen, clientError: true });
  expect(res.body).toEqual({
    statusCode: res.status,
    code: expect.any(String),
    message: expect.any(String),
    correlationId: expect.any(String),
    ...(res.body?.errors ? { errors: expect.any(Array) } : {}),
  });
}

describe.each(e2eProducts())('hostile input (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  const c = {} as Ctx;
  const tokenFor = (auth: Auth | undefined) => (auth === 'public' ? undefined : auth === 'admin' ? c.admin : c.user.token);
  const pathOf = (call: string) => call.slice(call.indexOf(' ') + 1).replace(/:(\w+)Id\b/g, (_m, k: string) => String(c[`${k}Id` as keyof Ctx]));

  beforeAll(async () => {
    c.user = await createApprovedUser(api, { name: 'Hostile Input' });
    c.other = await createApprovedUser(api, { name: 'Hostile Other' });
    c.admin = await api.loginAsAdmin();
    c.userId = c.user.id;
    c.jobId = 4;
    c.machineId = (await createMachine(api, c.user.token, machineBody())).id as number;
    const created = async (path: string, body: unknown) => {
      const res = await api.post(path, body, c.user.token);
      if (res.status !== 201) {
        throw new Error(`${path}: ${res.status} ${res.text}`);
      }
      return res.body.id as number;
    };
    c.supplierId = await created('/api/suppliers', supplierBody());
    c.accountId = await created('/api/accounts', { name: 'Hostile Account' });
    c.invitationId = await created(`/api/accounts/${c.accountId}/invitations`, { email: 'hostile-invitee@example.com', role: 'viewer' });
    c.partId = await created('/api/parts', partBody(c.supplierId));
    c.serviceId = await created('/api/services/fastCreate', serviceBody(c));
    c.fuelId = await created('/api/fuel-records', fuelBody(c));
    c.purchaseId = await created('/api/purchases', purchaseBody(c));
    // schedule-service learns of the machine by event; the session reads its own writes (issue 37), so its meters answer now.
    const meters = await api.get(`/api/machines/${c.machineId}/meters`, c.user.token);
    c.meterId = (meters.body as any[]).find((m) => m.kind === 'distance').id as number;
    c.scheduleId = await created(`/api/machines/${c.machineId}/schedules`, scheduleBody());
    c.readingId = await created(`/api/meters/${c.meterId}/readings`, { value: 300, readAt: new Date().toISOString().slice(0, 10) });
    c.webhookId = await created('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['ping'] });
    const imported = await uploadImport(
      api,
      c.user.token,
      { source: 'generic-machines' },
      { content: 'name,make,model\nLoader,Kubota,SVL75\n', name: 'm.csv' },
    );
    c.importId = imported.body.id as number;
    c.exportId = (await api.post('/api/exports', undefined, c.user.token)).body.id as number;
    const doc = await upload(
      api,
      'POST',
      `/api/machines/${c.machineId}/documents`,
      [{ field: 'file', bytes: makePdf(), name: 'a.pdf', type: 'application/pdf' }],
      c.user.token,
    );
    c.documentId = doc.body.id as number;
    c.issueId = await created(`/api/machines/${c.machineId}/issues`, { title: 'Leak', priority: 'low' });
    c.workOrderId = await created('/api/work-orders', { machineId: c.machineId, title: 'Brakes' });
    c.lineId = await created(`/api/work-orders/${c.workOrderId}/lines`, { kind: 'other', description: 'Tow', cost: 95 });
    c.formId = await created('/api/inspection-forms', hostileFormBody());
    c.templateId = await created('/api/job-templates', jobTemplateBody(c));
    c.inspectionId = await created(`/api/machines/${c.machineId}/inspections`, {
      formId: c.formId,
      readAt: '2026-11-20',
      items: [
        { itemId: 'lights', result: 'pass' },
        { itemId: 'sag', result: 'pass', value: 1.5 },
      ],
    });
    for (const [what, id] of Object.entries(c)) {
      if (what.endsWith('Id') && !(typeof id === 'number' && id > 0)) {
        throw new Error(`no ${what}: ${String(id)}`);
      }
    }
  });

  // Issue 36: a new route without a row fails here, so the table stays the whole gateway.
  it('has a row for every route the gateway registers', () => {
    const covered = new Set(
      [
        ...WRITES.map((w) => w.call),
        ...ID_ROUTES.map((r) => r.call),
        ...QUERIES.map((q) => `${q.method ?? 'GET'} ${q.path}`),
        ...Object.keys(NO_HOSTILE_INPUT),
      ].map(routeKey),
    );
    const routes = gatewayRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !covered.has(routeKey(r)))).toEqual([]);
  });

  it.each(ID_ROUTES.filter((r) => r.auth !== 'admin').map((r) => [r.call, r] as const))(
    "%s answers 404 for another user's record, and changes nothing",
    async (_call, r) => {
      const [method, template] = r.call.split(' ');
      // A write is sent its valid body, so only the owner check can refuse it.
      const write = WRITES.find((w) => routeKey(w.call) === routeKey(r.call));
      const body = method === 'GET' ? undefined : (write?.body(c) ?? {});
      const res = await api.request(method, template.replace(':id', String(c[r.id])), { token: c.other.token, body });
      if (r.foreign === 'empty') {
        const items = Array.isArray(res.body) ? res.body : res.body?.content;
        expect({ call: r.call, status: res.status, items }).toEqual({ call: r.call, status: 200, items: [] });
      } else {
        expect({ call: r.call, status: res.status }).toEqual({ call: r.call, status: 404 });
      }
    },
  );

  it.each(WRITES.map((w) => [w.call, w] as const))('%s refuses every hostile body with 4xx and stores nothing', async (_call, w) => {
    const [method] = w.call.split(' ');
    const path = pathOf(w.call);
    const before = await w.stored?.(api, c);
    for (const [what, body] of variants(w, w.body(c), c)) {
      const sent = body instanceof RawJson ? { raw: body.text, headers: { 'content-type': 'application/json' } } : { body };
      expectRefused(await api.request(method, path, { ...sent, token: tokenFor(w.auth) }), `${w.call} ${what}`);
    }
    const form = await api.request(method, path, {
      raw: 'name=x&username=y',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: tokenFor(w.auth),
    });
    expect(form.status).toBe(415);
    expectRefused(form, `${w.call} form-urlencoded`);
    if (w.stored) {
      expect(await w.stored(api, c)).toEqual(before);
    }
  });

  it.each(ID_ROUTES.map((r) => [r.call, r] as const))('%s refuses an id not written as plain decimal digits, and changes nothing', async (_call, r) => {
    const [method, template] = r.call.split(' ');
    const id = c[r.id] as number;
    for (const loose of LOOSE_IDS(id)) {
      const res = await api.request(method, template.replace(':id', encodeURIComponent(loose)), { token: tokenFor(r.auth) });
      expectRefused(res, `${r.call} with ${JSON.stringify(loose)}`);
      expect(res.status).toBe(400);
    }
  });

  it('still has every record the loose ids pointed at', async () => {
    for (const path of [
      `/api/services/${c.serviceId}`,
      `/api/fuel-records/${c.fuelId}`,
      `/api/purchases/${c.purchaseId}`,
      `/api/parts/${c.partId}`,
      `/api/suppliers/${c.supplierId}`,
      `/api/machines/?machineId=${c.machineId}`,
      `/api/schedules/${c.scheduleId}`,
      `/api/documents/${c.documentId}`,
      `/api/imports/${c.importId}`,
      `/api/machines/${c.machineId}/meters`,
    ]) {
      expect({ path, status: (await api.get(path, c.user.token)).status }).toEqual({ path, status: 200 });
    }
  });

  it.each(QUERIES.map((q) => [q.path, q] as const))('%s refuses loose numbers in its query with 400', async (_path, q) => {
    for (const param of q.params) {
      for (const loose of LOOSE_NUMBERS) {
        const res = await api.request(q.method ?? 'GET', `${q.path}?${param}=${encodeURIComponent(loose)}`, { token: tokenFor(q.auth) });
        expectRefused(res, `${q.path}?${param}=${loose}`);
        expect(res.status).toBe(400);
      }
    }
  });
});
