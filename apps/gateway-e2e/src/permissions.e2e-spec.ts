import { MONEY_FIELDS, roleMay, type AccountRole } from '@wrenchlog/contracts';
import { ApiClient, createApprovedUser, createMachine, e2eProducts, joinAccount, makeJpeg, makePdf, type ApiResponse } from '@wrenchlog/testing';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';
import { gatewayRoutes, routeKey } from './gateway-routes.js';
import { fuelBody, machineBody, purchaseBody, scheduleBody, serviceBody } from './hostile-input.routes.js';
import { uploadImport } from './imports.helpers.js';
import { meterOf, upload } from './machines.helpers.js';
import {
  EVERYONE,
  expected,
  hostile,
  inspectionBody,
  inspectionFormBody,
  jobTemplateBody,
  NOT_IN_MATRIX,
  ROWS,
  UNASSIGNED_ROWS,
  type Ctx,
  type Fresh,
  type Row,
  type Who,
} from './permissions.table.js';

// Issue 32: five members of one account (owner, manager, mechanic, operator assigned to two of its
// three machines, viewer) and a stranger (the owner of another account) against every route, each
// answer checked against the one table in permissions.table.ts. A route without a row fails.

/** The paths of money fields anywhere in an answer (issue 32: an operator's answers have none). */
function moneyIn(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => moneyIn(item, `${at}[${i}]`));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, field]) => (MONEY_FIELDS.has(key) ? [`${at}.${key}`] : moneyIn(field, `${at}.${key}`)));
  }
  return [];
}

const created = (res: ApiResponse, what: string): number => {
  if (res.status < 200 || res.status > 202) {
    throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res.body.id as number;
};

describe.each(e2eProducts())('the permission matrix (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  const c = { userIds: {} } as Ctx;
  const tokens = {} as Record<Who, string>;
  let owner: string;
  const operatorMoney: string[] = [];

  const fresh: Record<Fresh, () => Promise<Partial<Ctx>>> = {
    machine: async () => ({ machineId: (await createMachine(api, owner, machineBody())).id as number }),
    service: async () => ({ serviceId: created(await api.post('/api/services/fastCreate', serviceBody(hostile(c)), owner), 'service') }),
    fuel: async () => ({ fuelId: created(await api.post('/api/fuel-records', fuelBody(hostile(c)), owner), 'fuel') }),
    purchase: async () => ({ purchaseId: created(await api.post('/api/purchases', purchaseBody(hostile(c)), owner), 'purchase') }),
    part: async () => ({ partId: created(await api.post('/api/parts', partBody(c.supplierId), owner), 'part') }),
    supplier: async () => ({ supplierId: created(await api.post('/api/suppliers', supplierBody(), owner), 'supplier') }),
    schedule: async () => ({ scheduleId: created(await api.post(`/api/machines/${c.machineId}/schedules`, scheduleBody(), owner), 'schedule') }),
    document: async () => ({ documentId: created(await pdfTo(`/api/machines/${c.machineId}/documents`, owner), 'document') }),
    webhook: async () => ({ webhookId: created(await api.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['ping'] }, owner), 'webhook') }),
    import: async () => ({ importId: created(await csvImport(owner), 'import') }),
    invitation: async () => ({
      invitationId: created(
        await api.post(`/api/accounts/${c.accountId}/invitations`, { email: `fresh-${Date.now().toString(36)}@wrenchlog.test`, role: 'viewer' }, owner),
        'invitation',
      ),
    }),
    member: async () => ({ spareUserId: (await joinAccount(api, mode, owner, 'viewer')).id }),
    photo: async () => (created(await imageTo(`/api/machines/${c.machineId}/profile-photo`, owner), 'photo'), {}),
    token: async () => ({ tokenId: created(await api.post('/api/tokens', { name: 'Matrix fresh', scopes: ['read'] }, owner), 'token') }),
    issue: async () => ({ issueId: created(await api.post(`/api/machines/${c.machineId}/issues`, { title: 'Matrix leak', priority: 'low' }, owner), 'issue') }),
    workOrder: async () => {
      const workOrderId = created(await api.post('/api/work-orders', { machineId: c.machineId, title: 'Matrix job' }, owner), 'work order');
      const line = { kind: 'other', description: 'Matrix part', cost: 1 };
      return { workOrderId, lineId: created(await api.post(`/api/work-orders/${workOrderId}/lines`, line, owner), 'line') };
    },
    form: async () => ({ formId: created(await api.post('/api/inspection-forms', inspectionFormBody(), owner), 'inspection form') }),
    template: async () => ({ templateId: created(await api.post('/api/job-templates', jobTemplateBody(), owner), 'job template') }),
    doneOrder: async () => {
      const order = await fresh.workOrder();
      const completedAt = new Date().toISOString().slice(0, 10);
      created(await api.post(`/api/work-orders/${order.workOrderId}/complete`, { completedAt }, owner), 'completion');
      return order;
    },
  };
  const pdfTo = (path: string, token: string) =>
    upload(api, 'POST', path, [{ field: 'file', bytes: makePdf(), name: 'a.pdf', type: 'application/pdf' }], token);
  const imageTo = async (path: string, token: string) =>
    upload(
      api,
      'POST',
      path,
      [{ field: path.endsWith('/images') ? 'images[0][original]' : path.endsWith('gallery') ? 'originals' : 'original', bytes: await makeJpeg(64, 48) }],
      token,
    );
  const csvImport = (token: string) =>
    uploadImport(api, token, { source: 'generic-machines' }, { content: 'name,make,model\nLoader,Kubota,SVL75\n', name: 'm.csv' });

  beforeAll(async () => {
    const ownerUser = await createApprovedUser(api, { name: 'Matrix Owner' });
    owner = ownerUser.token;
    const stranger = await createApprovedUser(api, { name: 'Matrix Stranger' });
    c.accountId = (await api.get('/api/user/me', owner)).body.accountId as number;
    c.machineId = (await createMachine(api, owner, machineBody())).id as number;
    const machineB = (await createMachine(api, owner, { ...machineBody(), name: 'Matrix B' })).id as number;
    c.otherMachineId = (await createMachine(api, owner, { ...machineBody(), name: 'Matrix C' })).id as number;
    Object.assign(c, await fresh.supplier(), await fresh.service(), await fresh.fuel(), await fresh.purchase());
    Object.assign(c, await fresh.part(), await fresh.document(), await fresh.webhook(), await fresh.import(), await fresh.invitation());
    c.meterId = (await meterOf(api, owner, c.machineId, 'distance')).id as number;
    Object.assign(c, await fresh.schedule());
    c.readingId = created(await api.post(`/api/meters/${c.meterId}/readings`, { value: 300, readAt: new Date().toISOString().slice(0, 10) }, owner), 'reading');
    c.exportId = created(await api.post('/api/exports', undefined, owner), 'export');
    Object.assign(c, await fresh.issue(), await fresh.workOrder(), await fresh.form(), await fresh.template());
    c.inspectionId = created(await api.post(`/api/machines/${c.machineId}/inspections`, inspectionBody(c.formId), owner), 'inspection');
    tokens.owner = owner;
    tokens.stranger = stranger.token;
    c.userIds.owner = ownerUser.id;
    c.userIds.stranger = stranger.id;
    for (const role of ['manager', 'mechanic', 'operator', 'viewer'] as AccountRole[]) {
      const member = await joinAccount(api, mode, owner, role, role === 'operator' ? { machineIds: [c.machineId, machineB] } : {});
      tokens[role] = member.token;
      c.userIds[role] = member.id;
    }
    Object.assign(c, await fresh.member());
  }, 120_000);

  it('has a row for every route the gateway registers', () => {
    const covered = new Set([...ROWS.map((r) => r.call), ...Object.keys(NOT_IN_MATRIX)].map(routeKey));
    const routes = gatewayRoutes();
    expect(routes.length).toBeGreaterThan(120);
    expect(routes.filter((r) => !covered.has(routeKey(r)))).toEqual([]);
  });

  const call = async (row: Row, who: Who): Promise<ApiResponse> => {
    const target: Ctx = row.fresh ? { ...c, ...(await fresh[row.fresh]()) } : c;
    const [method, template] = row.call.split(' ') as [string, string];
    const path = row.path?.(target, who) ?? template.replace(/:(\w+Id)\b/g, (_m, key: string) => String(target[key as keyof Ctx]));
    const token = tokens[who];
    if (row.upload === 'pdf') {
      return pdfTo(path, token);
    }
    if (row.upload === 'image') {
      return imageTo(path, token);
    }
    if (row.upload === 'csv') {
      return csvImport(token);
    }
    const send = () => api.request(method, path, { token, body: method === 'GET' ? undefined : (row.body?.(target, who) ?? {}) });
    const res = await send();
    // A read that waited past its budget for the session's last change to be applied is answered 503
    // (read your writes, on loaded cores): the lane is dropped, and a client tries again, as here, once.
    if (method === 'GET' && res.status === 503 && res.body?.code === 'UNAVAILABLE') {
      await new Promise((r) => setTimeout(r, 1000));
      return send();
    }
    return res;
  };

  it.each([...ROWS, ...UNASSIGNED_ROWS].map((row) => [row.call, row] as const))('%s answers each role and a stranger as the table says', async (_call, row) => {
    const seen: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const who of EVERYONE) {
      const res = await call(row, who);
      const expectation = expected(row, who, roleMay);
      const okay = expectation === 'ok' ? (res.status >= 200 && res.status < 300) || !!row.also?.includes(res.status) : res.status === expectation;
      want[who] = String(expectation);
      seen[who] = okay ? String(expectation) : `${res.status} ${res.text.slice(0, 120)}`;
      if (who === 'operator') {
        operatorMoney.push(...moneyIn(res.body).map((field) => `${row.call}: ${field}`));
      }
      if (res.status === 403 && row.gate !== 'admin') {
        expect(res.body).toMatchObject({
          code: 'FORBIDDEN',
          message: expect.stringMatching(/^Your role \((manager|mechanic|operator|viewer|owner)\) cannot /),
        });
      }
    }
    expect(seen).toEqual(want);
  });

  // After every row: what the operator was answered, scanned at any depth.
  it('answered the operator no price, cost or total anywhere', () => {
    expect(operatorMoney).toEqual([]);
  });

  it('answers the viewer the money the operator does not get', async () => {
    const fuel = (await api.get(`/api/fuel-records/${c.fuelId}`, tokens.viewer)).body;
    expect(fuel).toMatchObject({ totalPrice: expect.any(Number), pricePerUnit: expect.any(Number) });
    const operatorFuel = (await api.get(`/api/fuel-records/machine/${c.machineId}`, tokens.operator)).body as Record<string, unknown>[];
    for (const record of operatorFuel) {
      expect(Object.keys(record)).not.toContain('totalPrice');
    }
  });
});
