import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApiResponse, type ApprovedUser } from '@wrenchlog/testing';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';

// Issue 25: every write call and every query-taking read, sent the classes of hostile input. Each
// must answer 4xx in the house error body (never 5xx) and store nothing. A new call joins with one
// line in WRITES, ID_ROUTES or QUERIES.

interface Ctx {
  user: ApprovedUser;
  admin: string;
  machineId: number;
  supplierId: number;
  partId: number;
  serviceId: number;
  fuelId: number;
  purchaseId: number;
  userId: number;
  jobId: number;
}
type Auth = 'public' | 'user' | 'admin';

/** A write call: its valid body, which fields are text (required ones also get whitespace) and numbers. */
interface Write {
  call: string;
  auth: Auth;
  body: (c: Ctx) => Record<string, unknown>;
  required?: string[];
  text?: string[];
  numbers?: string[];
  /** Fields whose decimals are limited (1e-7 must be refused). */
  decimals?: string[];
  /** What a stored result would change: a count, or the record an update would change. */
  stored?: (api: ApiClient, c: Ctx) => Promise<unknown>;
}

const total = (path: string) => async (api: ApiClient, c: Ctx) => (await api.get(path, c.user.token)).body.totalElements as number;
const length =
  (path: (c: Ctx) => string, as: 'user' | 'admin' = 'user') =>
  async (api: ApiClient, c: Ctx) =>
    ((await api.get(path(c), as === 'admin' ? c.admin : c.user.token)).body as unknown[]).length;
const record = (path: (c: Ctx) => string) => async (api: ApiClient, c: Ctx) => (await api.get(path(c), c.user.token)).body as unknown;

const serviceBody = (c: Ctx) => ({
  title: 'Oil change',
  status: 'Completed',
  serviceDate: '2026-11-01',
  machineId: c.machineId,
  price: 12.5,
  miles: 100,
  hours: 2,
  notes: 'n',
});
const fuelBody = (c: Ctx) => ({
  machineId: c.machineId,
  amount: 12.5,
  pricePerUnit: 3.459,
  totalPrice: 43.24,
  dateOfPurchase: '2026-11-20T14:30:00.000Z',
  notes: 'n',
  storeName: 's',
  currentHours: 1.5,
  currentMileage: 200,
  lastMileage: 100,
});
const purchaseBody = (c: Ctx) => ({
  partName: 'Hose',
  partNumber: 'H-1',
  quantity: 2,
  price: 94.4,
  storeName: 'Heartland',
  partStatus: 'New',
  purchaseDate: '2026-11-18T13:00:00.000Z',
  machineId: c.machineId,
  partId: null,
  storeId: 0,
});
const machineBody = () => ({ name: 'Hostile loader', year: 2019, make: 'Kubota', model: 'SVL75', miles: 10, hours: 1.5 });

const WRITES: Write[] = [
  { call: 'POST /api/auth/login', auth: 'public', body: () => ({ username: 'nobody@wrenchlog.test', password: 'x' }), text: ['username', 'password'] },
  {
    call: 'POST /api/admin/createuser',
    auth: 'public',
    body: () => ({ username: 'hostile@wrenchlog.test', name: 'x' }),
    required: ['name'],
    text: ['username', 'name', 'userSelfDescription'],
  },
  {
    call: 'POST /api/contact',
    auth: 'public',
    body: () => ({ name: 'x', email: 'a@x.test', message: 'hi', contactType: 'SalesContact' }),
    required: ['name', 'message'],
    text: ['name', 'email', 'message', 'company'],
    stored: length(() => '/api/admin/contacts?size=100', 'admin'),
  },
  {
    call: 'POST /api/sales-contacts',
    auth: 'public',
    body: () => ({ name: 'x', company: 'c', email: 'a@x.test', requirements: 'r' }),
    required: ['name', 'company', 'requirements'],
    text: ['name', 'company', 'email', 'requirements'],
  },
  { call: 'POST /api/analytics/pageview', auth: 'public', body: () => ({ page: '/landing' }), required: ['page'], text: ['page', 'referrer'] },
  {
    call: 'POST /api/machines/create',
    auth: 'user',
    body: machineBody,
    required: ['name', 'make', 'model'],
    text: ['name', 'make', 'model', 'vin'],
    numbers: ['year', 'miles', 'hours'],
    decimals: ['hours'],
    stored: length(() => '/api/machines/all'),
  },
  {
    call: 'PUT /api/machines/update',
    auth: 'user',
    body: (c) => ({ ...machineBody(), id: c.machineId }),
    required: ['name'],
    text: ['name', 'color'],
    numbers: ['id', 'year', 'miles', 'hours'],
    decimals: ['hours'],
    stored: record((c) => `/api/machines/?machineId=${c.machineId}`),
  },
  {
    call: 'POST /api/services/fastCreate',
    auth: 'user',
    body: serviceBody,
    required: ['title'],
    text: ['title', 'notes', 'serviceShop'],
    numbers: ['machineId', 'price', 'miles', 'hours'],
    stored: length((c) => `/api/services/machine/${c.machineId}`),
  },
  {
    call: 'PUT /api/services/:serviceId',
    auth: 'user',
    body: serviceBody,
    required: ['title'],
    text: ['title', 'notes'],
    numbers: ['machineId', 'price', 'miles', 'hours'],
    stored: record((c) => `/api/services/${c.serviceId}`),
  },
  {
    call: 'POST /api/fuel-records',
    auth: 'user',
    body: fuelBody,
    text: ['notes', 'storeName'],
    numbers: ['machineId', 'amount', 'pricePerUnit', 'totalPrice', 'currentHours', 'currentMileage'],
    decimals: ['amount', 'pricePerUnit', 'totalPrice', 'currentHours'],
    stored: length((c) => `/api/fuel-records/machine/${c.machineId}`),
  },
  {
    call: 'PUT /api/fuel-records/:fuelId',
    auth: 'user',
    body: fuelBody,
    text: ['notes'],
    numbers: ['amount', 'pricePerUnit', 'totalPrice'],
    decimals: ['amount', 'pricePerUnit', 'totalPrice'],
    stored: record((c) => `/api/fuel-records/${c.fuelId}`),
  },
  {
    call: 'POST /api/purchases',
    auth: 'user',
    body: purchaseBody,
    required: ['partName', 'storeName'],
    text: ['partName', 'partNumber', 'storeName', 'storeCity'],
    numbers: ['quantity', 'price', 'machineId', 'partId', 'storeId'],
    decimals: ['price'],
    stored: total('/api/purchases/getrecent'),
  },
  {
    call: 'PUT /api/purchases/:purchaseId',
    auth: 'user',
    body: purchaseBody,
    required: ['partName', 'storeName'],
    text: ['partName'],
    numbers: ['quantity', 'price'],
    decimals: ['price'],
    stored: record((c) => `/api/purchases/${c.purchaseId}`),
  },
  {
    call: 'POST /api/suppliers',
    auth: 'user',
    body: () => supplierBody(),
    required: ['name', 'contact', 'phone'],
    text: ['name', 'contact', 'email', 'phone', 'address'],
    stored: total('/api/suppliers'),
  },
  {
    call: 'PUT /api/suppliers/:supplierId',
    auth: 'user',
    body: () => supplierBody(),
    required: ['name'],
    text: ['name', 'address'],
    stored: record((c) => `/api/suppliers/${c.supplierId}`),
  },
  {
    call: 'POST /api/parts',
    auth: 'user',
    body: (c) => partBody(c.supplierId),
    required: ['partNumber', 'name'],
    text: ['partNumber', 'name', 'brand', 'description'],
    numbers: ['quantity', 'minStock', 'price', 'supplierId'],
    decimals: ['price'],
    stored: total('/api/parts'),
  },
  {
    call: 'PUT /api/parts/:partId',
    auth: 'user',
    body: (c) => partBody(c.supplierId),
    required: ['partNumber', 'name'],
    text: ['name'],
    numbers: ['quantity', 'price'],
    decimals: ['price'],
    stored: record((c) => `/api/parts/${c.partId}`),
  },
  { call: 'POST /api/admin/jobs/4/run', auth: 'admin', body: () => ({ params: { limit: 5 } }) },
  // Issue 24 (the e2e products allow private networks, so a 127.0.0.1 URL is valid).
  {
    call: 'PUT /api/notifications/preferences',
    auth: 'user',
    body: () => ({ digestTime: '08:00', timeZone: 'UTC', kinds: { maintenance: ['inapp'], lowStock: [], weeklyReport: [] } }),
    required: ['digestTime', 'timeZone'],
    text: ['digestTime', 'timeZone'],
    stored: record(() => '/api/notifications/preferences'),
  },
  {
    call: 'POST /api/webhooks',
    auth: 'user',
    body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['ping'] }),
    required: ['url'],
    text: ['url'],
    stored: length(() => '/api/webhooks'),
  },
  {
    call: 'POST /api/push/subscriptions',
    auth: 'user',
    body: () => ({
      endpoint: 'http://127.0.0.1:9/push',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }),
    required: ['endpoint'],
    text: ['endpoint'],
  },
];

/** Routes with a path id: each is tried with the id of an existing record written loosely. */
const ID_ROUTES: { call: string; id: keyof Ctx; auth?: Auth }[] = [
  { call: 'GET /api/services/:id', id: 'serviceId' },
  { call: 'DELETE /api/services/:id', id: 'serviceId' },
  { call: 'GET /api/services/:id/images', id: 'serviceId' },
  { call: 'GET /api/services/machine/:id', id: 'machineId' },
  { call: 'GET /api/fuel-records/:id', id: 'fuelId' },
  { call: 'DELETE /api/fuel-records/:id', id: 'fuelId' },
  { call: 'GET /api/fuel-records/machine/:id', id: 'machineId' },
  { call: 'GET /api/purchases/:id', id: 'purchaseId' },
  { call: 'DELETE /api/purchases/:id', id: 'purchaseId' },
  { call: 'GET /api/purchases/getrecentForMachine/:id', id: 'machineId' },
  { call: 'GET /api/parts/:id', id: 'partId' },
  { call: 'DELETE /api/parts/:id', id: 'partId' },
  { call: 'GET /api/suppliers/:id', id: 'supplierId' },
  { call: 'DELETE /api/suppliers/:id', id: 'supplierId' },
  { call: 'GET /api/machines/:id/gallery', id: 'machineId' },
  { call: 'DELETE /api/machines/:id', id: 'machineId' },
  { call: 'GET /api/machines/?machineId=:id', id: 'machineId' },
  { call: 'GET /api/machines/:id/history.csv', id: 'machineId' },
  { call: 'GET /api/machines/:id/history.pdf', id: 'machineId' },
  { call: 'PUT /api/admin/users/:id', id: 'userId', auth: 'admin' },
  { call: 'PUT /api/admin/approve/:id', id: 'userId', auth: 'admin' },
  { call: 'POST /api/admin/jobs/:id/run', id: 'jobId', auth: 'admin' },
];

/** Reads that take a query: each numeric parameter gets the loose numbers. */
const QUERIES: { path: string; params: string[]; auth: Auth; method?: string }[] = [
  { path: '/api/suppliers', params: ['page', 'size'], auth: 'user' },
  { path: '/api/notifications', params: ['page', 'size'], auth: 'user' },
  { path: '/api/parts', params: ['page', 'size'], auth: 'user' },
  { path: '/api/purchases/getrecent', params: ['page', 'size'], auth: 'user' },
  { path: '/api/services/recent', params: ['page', 'size'], auth: 'user' },
  { path: '/api/admin/users', params: ['page', 'size'], auth: 'admin' },
  { path: '/api/admin/contacts', params: ['page', 'size'], auth: 'admin' },
  { path: '/api/analytics/pageviews/recent', params: ['count'], auth: 'admin' },
  { path: '/api/analytics/pageviews/daily', params: ['days'], auth: 'admin' },
  { path: '/api/admin/images/backfill-sizes', params: ['limit'], auth: 'admin', method: 'POST' },
  { path: '/api/reports/costs', params: ['machineId', 'from', 'to'], auth: 'user' },
  { path: '/api/reports/fuel-economy', params: ['machineId', 'from'], auth: 'user' },
  { path: '/api/reports/fleet', params: ['from', 'to'], auth: 'user' },
];

const LOOSE_NUMBERS = ['1e308', '0x1F', '1e3', ' 1', '1.5', '-1', '1e-7'];
const LOOSE_IDS = (id: number) => [` ${id}`, `0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `+${id}`, `0${id}`, '1e308', '0', '2147483648'];

/** The hostile variants of a valid body: one field changed at a time, plus the whole body nested deep. */
function variants(w: Write, valid: Record<string, unknown>): [string, unknown][] {
  // Sent as text: JSON.stringify itself overflows on it.
  const out: [string, unknown][] = [['10,000-deep nesting', new RawJson('{"a":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}')]];
  for (const f of w.text ?? []) {
    out.push(
      [`${f}: lone surrogate`, { ...valid, [f]: 'a\ud800b' }],
      [`${f}: object`, { ...valid, [f]: { $gt: '' } }],
      [`${f}: number`, { ...valid, [f]: 12 }],
      [`${f}: boolean`, { ...valid, [f]: true }],
    );
  }
  for (const f of w.required ?? []) {
    out.push([`${f}: whitespace only`, { ...valid, [f]: '   ' }]);
  }
  for (const f of w.numbers ?? []) {
    out.push(
      [`${f}: 1e308`, { ...valid, [f]: 1e308 }],
      [`${f}: hex text`, { ...valid, [f]: '0x1F' }],
      [`${f}: exponent text`, { ...valid, [f]: '1e3' }],
      [`${f}: object`, { ...valid, [f]: { $gt: 0 } }],
    );
  }
  for (const f of w.decimals ?? []) {
    out.push([`${f}: 1e-7`, { ...valid, [f]: 1e-7 }]);
  }
  return out;
}

class RawJson {
  constructor(readonly text: string) {}
}

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
    c.partId = await created('/api/parts', partBody(c.supplierId));
    c.serviceId = await created('/api/services/fastCreate', serviceBody(c));
    c.fuelId = await created('/api/fuel-records', fuelBody(c));
    c.purchaseId = await created('/api/purchases', purchaseBody(c));
  });

  it.each(WRITES.map((w) => [w.call, w] as const))('%s refuses every hostile body with 4xx and stores nothing', async (_call, w) => {
    const [method] = w.call.split(' ');
    const path = pathOf(w.call);
    const before = await w.stored?.(api, c);
    for (const [what, body] of variants(w, w.body(c))) {
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
