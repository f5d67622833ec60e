import type { ApiClient, ApprovedUser } from '@wrenchlog/testing';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';

// The one table of the hostile-input suite (issues 25 and 36), with hostile-input.paths.ts: every
// route the gateway registers is a write here (its valid body and its fields by kind), or there a
// route with a path id, a read with a query, or in NO_HOSTILE_INPUT with the reason it takes
// nothing to try. The suite fails for a route in none of them.

export interface Ctx {
  user: ApprovedUser;
  /** Another user: every id route answers them 404. */
  other: ApprovedUser;
  admin: string;
  machineId: number;
  supplierId: number;
  partId: number;
  serviceId: number;
  fuelId: number;
  purchaseId: number;
  userId: number;
  jobId: number;
  scheduleId: number;
  meterId: number;
  readingId: number;
  webhookId: number;
  importId: number;
  exportId: number;
  documentId: number;
  /** An account the user created (issue 32), with one open invitation. */
  accountId: number;
  invitationId: number;
  /** Issue 35: an issue on the machine, and a work order with one line. */
  issueId: number;
  workOrderId: number;
  lineId: number;
  /** An inspection form (a pass/fail and a number item from 1 to 2) and an inspection with it. */
  formId: number;
  inspectionId: number;
  /** A job template with a labour, a part and another line. */
  templateId: number;
}
export type Auth = 'public' | 'user' | 'admin';

/** A write call: its valid body, which fields are text (required ones also get whitespace) and numbers. */
export interface Write {
  call: string;
  auth: Auth;
  body: (c: Ctx) => Record<string, unknown>;
  required?: string[];
  text?: string[];
  numbers?: string[];
  /** Fields whose decimals are limited (1e-7 must be refused). */
  decimals?: string[];
  /** Date fields: a year past 2200, an impossible time and an impossible day must be refused (issue 36). */
  dates?: string[];
  /** Fields where '' is no value (a number or a date): refused, never "not set" (issue 36). */
  noEmpty?: string[];
  /** Optional fields that cannot be cleared: null is refused (issue 36). */
  notNull?: string[];
  /** The route's own hostile bodies, beyond the classes above. */
  hostile?: (c: Ctx) => [string, unknown][];
  /** What a stored result would change: a count, or the record an update would change. */
  stored?: (api: ApiClient, c: Ctx) => Promise<unknown>;
}

export const total = (path: string) => async (api: ApiClient, c: Ctx) => (await api.get(path, c.user.token)).body.totalElements as number;
const length =
  (path: (c: Ctx) => string, as: 'user' | 'admin' = 'user') =>
  async (api: ApiClient, c: Ctx) =>
    ((await api.get(path(c), as === 'admin' ? c.admin : c.user.token)).body as unknown[]).length;
const record = (path: (c: Ctx) => string) => async (api: ApiClient, c: Ctx) => (await api.get(path(c), c.user.token)).body as unknown;

export const serviceBody = (c: Ctx) => ({
  title: 'Oil change',
  status: 'Completed',
  serviceDate: '2026-11-01',
  machineId: c.machineId,
  price: 12.5,
  miles: 100,
  hours: 2,
  notes: 'n',
});
export const fuelBody = (c: Ctx) => ({
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
export const purchaseBody = (c: Ctx) => ({
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
export const machineBody = () => ({ name: 'Hostile loader', year: 2019, make: 'Kubota', model: 'SVL75', miles: 10, hours: 1.5 });

const SCHEDULE_NUMBERS = [
  'intervalDays',
  'intervalMonths',
  'intervalDistance',
  'intervalHours',
  'soonDays',
  'lastDoneDistance',
  'lastDoneHours',
  'jobTemplateId',
] as const;
export const scheduleBody = () => ({
  title: 'Hostile oil',
  serviceType: 'Oil Change',
  intervalMonths: 6,
  intervalHours: 250,
  recurring: true,
  anchor: 'completion',
  lastDoneDate: '2026-01-01',
  lastDoneHours: 10,
});
/** Issue 36: a due date past 2200 (500 once), and last-done values no meter reaches. */
const scheduleHostile = (): [string, unknown][] => [
  ['intervalMonths 1200 from 2150', { ...scheduleBody(), intervalMonths: 1200, lastDoneDate: '2150-01-01' }],
  ['intervalDays 36500 from 2200', { ...scheduleBody(), intervalMonths: null, intervalDays: 36_500, lastDoneDate: '2200-12-31' }],
  ['lastDoneHours 1e12', { ...scheduleBody(), lastDoneHours: 1e12 }],
];
/** Issue 36: an account name is one line. */
const accountNameHostile =
  (rest: Record<string, unknown> = {}) =>
  (): [string, unknown][] =>
    ['\u0000', '\n', '\r', '\t'].map((ch) => [`name with ${JSON.stringify(ch)}`, { ...rest, name: `Ann${ch}Lee` }]);

export const WRITES: Write[] = [
  { call: 'POST /api/auth/login', auth: 'public', body: () => ({ username: 'nobody@wrenchlog.test', password: 'x' }), text: ['username', 'password'] },
  {
    call: 'POST /api/admin/createuser',
    auth: 'public',
    body: () => ({ username: 'hostile@wrenchlog.test', name: 'x' }),
    required: ['name'],
    text: ['username', 'name', 'userSelfDescription'],
    hostile: accountNameHostile({ username: 'hostile@wrenchlog.test' }),
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
    dates: ['purchasedDate', 'lastServicedDate', 'licenseExpirationDate', 'insuranceExpirationDate'],
    stored: record((c) => `/api/machines/?machineId=${c.machineId}`),
  },
  {
    call: 'POST /api/services/fastCreate',
    auth: 'user',
    body: serviceBody,
    required: ['title'],
    text: ['title', 'notes', 'serviceShop'],
    numbers: ['machineId', 'price', 'miles', 'hours'],
    decimals: ['price'],
    dates: ['serviceDate'],
    hostile: () => [['price: 1.005', { price: 1.005 }]],
    stored: length((c) => `/api/services/machine/${c.machineId}`),
  },
  {
    call: 'PUT /api/services/:serviceId',
    auth: 'user',
    body: serviceBody,
    required: ['title'],
    text: ['title', 'notes'],
    numbers: ['machineId', 'price', 'miles', 'hours'],
    decimals: ['price'],
    dates: ['serviceDate'],
    hostile: () => [['price: 1.005', { price: 1.005 }]],
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
  {
    call: 'POST /api/parts/reorder',
    auth: 'user',
    body: (c) => ({ supplierIds: [c.supplierId] }),
    required: ['supplierIds'],
    hostile: () => [
      ['no supplier', { supplierIds: [] }],
      ['a list that is not one', { supplierIds: 5 }],
      ['a supplier id as text', { supplierIds: ['1'] }],
      ['an impossible supplier id', { supplierIds: [2147483648] }],
      ['a supplier id of 0', { supplierIds: [0] }],
      ['another account’s supplier', { supplierIds: [2_000_000_000] }],
    ],
    stored: total('/api/purchases/getrecent'),
  },
  {
    call: 'POST /api/admin/jobs/4/run',
    auth: 'admin',
    body: () => ({ params: { limit: 5 } }),
    hostile: () => [
      ['params.limit: text', { params: { limit: '42' } }],
      ['params.limit: 1e-7', { params: { limit: 1e-7 } }],
    ],
  },
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
  // Issue 36: the last phase's routes.
  {
    call: 'POST /api/machines/:machineId/schedules',
    auth: 'user',
    body: scheduleBody,
    required: ['title', 'serviceType'],
    text: ['title', 'serviceType', 'anchor'],
    numbers: [...SCHEDULE_NUMBERS],
    decimals: ['intervalMonths', 'intervalDistance', 'intervalHours', 'lastDoneDistance', 'lastDoneHours'],
    dates: ['lastDoneDate'],
    noEmpty: [...SCHEDULE_NUMBERS, 'lastDoneDate'],
    hostile: scheduleHostile,
    stored: length((c) => `/api/machines/${c.machineId}/schedules`),
  },
  {
    call: 'PUT /api/schedules/:scheduleId',
    auth: 'user',
    body: scheduleBody,
    required: ['title', 'serviceType'],
    text: ['title', 'serviceType'],
    numbers: [...SCHEDULE_NUMBERS],
    decimals: ['intervalMonths', 'intervalDistance', 'intervalHours', 'lastDoneDistance', 'lastDoneHours'],
    dates: ['lastDoneDate'],
    noEmpty: [...SCHEDULE_NUMBERS, 'lastDoneDate'],
    hostile: scheduleHostile,
    stored: record((c) => `/api/schedules/${c.scheduleId}`),
  },
  {
    call: 'POST /api/schedules/:scheduleId/complete',
    auth: 'user',
    body: (c) => ({ serviceRecordId: c.serviceId + 1_000_000 }),
    numbers: ['serviceRecordId'],
    noEmpty: ['serviceRecordId'],
    stored: record((c) => `/api/schedules/${c.scheduleId}`),
  },
  {
    call: 'PUT /api/meters/:meterId',
    auth: 'user',
    body: () => ({ label: 'Odometer', manualRatePerDay: 40, rolloverValue: 1_000_000 }),
    required: ['label'],
    text: ['label', 'unit'],
    numbers: ['manualRatePerDay', 'rolloverValue'],
    decimals: ['rolloverValue'],
    noEmpty: ['manualRatePerDay', 'rolloverValue'],
    notNull: ['label', 'rolloverValue'],
    hostile: () => [
      ['rolloverValue: 0', { rolloverValue: 0 }],
      ['manualRatePerDay: 1e6', { manualRatePerDay: 1e6 }],
    ],
    stored: record((c) => `/api/machines/${c.machineId}/meters`),
  },
  {
    call: 'POST /api/meters/:meterId/readings',
    auth: 'user',
    body: () => ({ value: 20, readAt: '2026-11-02' }),
    numbers: ['value'],
    decimals: ['value'],
    dates: ['readAt'],
    noEmpty: ['value', 'readAt'],
    stored: (api, c) => record((x) => `/api/meters/${x.meterId}/readings?size=100`)(api, c),
  },
  {
    call: 'POST /api/meters/:meterId/replacement',
    auth: 'user',
    body: () => ({ newStartValue: 0, readAt: '2026-11-03' }),
    numbers: ['newStartValue'],
    dates: ['readAt'],
    noEmpty: ['newStartValue', 'readAt'],
    stored: record((c) => `/api/machines/${c.machineId}/meters`),
  },
  { call: 'PUT /api/readings/:readingId', auth: 'user', body: () => ({ void: false }), noEmpty: ['void'], notNull: ['void'] },
  {
    // Issue 33: the readings are nested; their own hostile values are the route's own bodies.
    call: 'POST /api/readings/batch',
    auth: 'user',
    body: (c) => ({ readings: [{ machineId: c.machineId, kind: 'hours', value: 21, readAt: '2026-11-04T08:00:00Z' }] }),
    required: ['readings'],
    notNull: ['readings'],
    hostile: (c) => {
      const reading = { machineId: c.machineId, kind: 'hours', value: 21, readAt: '2026-11-04T08:00:00Z' };
      return [
        ['a value as text', { readings: [{ ...reading, value: '21' }] }],
        ['a year past 2200', { readings: [{ ...reading, readAt: '2201-01-01T00:00:00Z' }] }],
        ['an impossible day', { readings: [{ ...reading, readAt: '2026-02-30T08:00:00Z' }] }],
        ['an impossible time', { readings: [{ ...reading, readAt: '2026-11-04T25:00:00Z' }] }],
        ['a week date', { readings: [{ ...reading, readAt: '2026-W45-3' }] }],
        ['an unknown kind', { readings: [{ ...reading, kind: 'fuel' }] }],
        ['a machine id as text', { readings: [{ ...reading, machineId: String(c.machineId) }] }],
        ['readings not a list', { readings: reading }],
        ['1,001 readings', { readings: Array.from({ length: 1001 }, () => reading) }],
      ];
    },
    stored: (api, c) => record((x) => `/api/meters/${x.meterId}/readings?size=100`)(api, c),
  },
  {
    call: 'PUT /api/user/me',
    auth: 'user',
    body: () => ({ name: 'Hostile Input' }),
    required: ['name'],
    text: ['name'],
    hostile: accountNameHostile(),
    stored: record(() => '/api/user/me'),
  },
  // Issue 32: accounts, members, invitations, switching.
  {
    call: 'POST /api/accounts',
    auth: 'user',
    body: () => ({ name: 'Hostile New' }),
    required: ['name'],
    text: ['name'],
    stored: length(() => '/api/accounts'),
  },
  {
    call: 'PUT /api/accounts/:accountId',
    auth: 'user',
    body: () => ({ name: 'Hostile Account' }),
    required: ['name'],
    text: ['name'],
    stored: record(() => '/api/accounts'),
  },
  {
    call: 'DELETE /api/accounts/:accountId',
    auth: 'user',
    body: () => ({ confirmName: 'Hostile Account' }),
    required: ['confirmName'],
    text: ['confirmName'],
    stored: record(() => '/api/accounts'),
  },
  { call: 'POST /api/auth/switch-account', auth: 'user', body: (c) => ({ accountId: c.accountId }), numbers: ['accountId'], noEmpty: ['accountId'] },
  {
    call: 'POST /api/accounts/:accountId/invitations',
    auth: 'user',
    body: () => ({ email: 'hostile-invitee@example.com', role: 'viewer' }),
    required: ['email', 'role'],
    text: ['email', 'role'],
    stored: length((c) => `/api/accounts/${c.accountId}/invitations`),
  },
  {
    call: 'PUT /api/accounts/:accountId/members/:userId',
    auth: 'user',
    body: () => ({ role: 'owner' }),
    text: ['role'],
    hostile: () => [['machineIds: text', { machineIds: ['1'] }]],
    stored: record((c) => `/api/accounts/${c.accountId}/members`),
  },
  {
    call: 'POST /api/invitations/:token/accept',
    auth: 'public',
    body: () => ({ name: 'Hostile Joiner', password: 'Hostile-password-1' }),
    required: ['name', 'password'],
    text: ['name', 'password'],
  },
  { call: 'POST /api/notifications/read', auth: 'user', body: () => ({ ids: [1] }), hostile: () => [['ids: text', { ids: ['1'] }]] },
  { call: 'PUT /api/imports/:importId/mapping', auth: 'user', body: () => ({ mapping: {} }), text: ['mapping'], numbers: ['machineId'] },
  { call: 'POST /api/imports/:importId/commit', auth: 'user', body: () => ({ mode: 'skip_invalid' }), required: ['mode'], text: ['mode'] },
  // Issue 35: issues and work orders.
  {
    call: 'POST /api/machines/:machineId/issues',
    auth: 'user',
    body: () => ({ title: 'Leak', priority: 'low' }),
    required: ['title', 'priority'],
    text: ['title', 'description', 'priority'],
    stored: length((c) => `/api/machines/${c.machineId}/issues`),
  },
  {
    call: 'PUT /api/issues/:issueId',
    auth: 'user',
    body: () => ({ title: 'Leak', priority: 'low' }),
    required: ['title', 'priority'],
    text: ['title', 'description', 'priority'],
    stored: record((c) => `/api/issues/${c.issueId}`),
  },
  {
    call: 'POST /api/issues/:issueId/close',
    auth: 'user',
    body: () => ({ reason: 'Not a fault' }),
    required: ['reason'],
    text: ['reason'],
    stored: record((c) => `/api/issues/${c.issueId}`),
  },
  {
    call: 'POST /api/issues/:issueId/resolve',
    auth: 'user',
    body: () => ({ note: 'Fixed' }),
    text: ['note'],
    stored: record((c) => `/api/issues/${c.issueId}`),
  },
  {
    call: 'POST /api/work-orders',
    auth: 'user',
    body: (c) => ({ machineId: c.machineId, title: 'Brakes' }),
    required: ['machineId', 'title'],
    text: ['title', 'notes', 'priority'],
    numbers: ['machineId', 'assigneeUserId', 'vendorSupplierId', 'templateId'],
    dates: ['plannedDate'],
    noEmpty: ['machineId', 'plannedDate', 'templateId'],
    notNull: ['steps'],
    hostile: () => [
      ['a step without text', { title: 'Brakes', steps: [{ text: ' ', done: false }] }],
      ['steps as text', { title: 'Brakes', steps: 'check' }],
    ],
    stored: total('/api/work-orders'),
  },
  {
    call: 'PUT /api/work-orders/:workOrderId',
    auth: 'user',
    body: () => ({ title: 'Brakes' }),
    text: ['title', 'notes', 'priority', 'state'],
    numbers: ['assigneeUserId', 'vendorSupplierId'],
    dates: ['plannedDate'],
    notNull: ['steps'],
    stored: record((c) => `/api/work-orders/${c.workOrderId}`),
  },
  {
    call: 'POST /api/work-orders/:workOrderId/lines',
    auth: 'user',
    body: () => ({ kind: 'labour', hours: 1.5, rate: 60 }),
    required: ['kind', 'hours', 'rate'],
    text: ['kind'],
    numbers: ['hours', 'rate'],
    decimals: ['hours', 'rate'],
    noEmpty: ['hours', 'rate'],
    hostile: () => [
      ['negative hours', { kind: 'labour', hours: -1, rate: 60 }],
      ['negative quantity', { kind: 'part', partId: 1, quantity: -2 }],
      ['a part without a part', { kind: 'part', quantity: 1 }],
      ['other without a cost', { kind: 'other', description: 'Tow' }],
    ],
    stored: record((c) => `/api/work-orders/${c.workOrderId}`),
  },
  {
    call: 'PUT /api/work-orders/:workOrderId/lines/:lineId',
    auth: 'user',
    body: () => ({ kind: 'other', description: 'Tow', cost: 95 }),
    required: ['kind', 'description', 'cost'],
    text: ['kind', 'description'],
    numbers: ['cost'],
    decimals: ['cost'],
    noEmpty: ['cost'],
    stored: record((c) => `/api/work-orders/${c.workOrderId}`),
  },
  {
    call: 'POST /api/work-orders/:workOrderId/complete',
    auth: 'user',
    body: () => ({ completedAt: '2026-11-20' }),
    required: ['completedAt'],
    dates: ['completedAt'],
    noEmpty: ['completedAt'],
    hostile: () => [
      ['negative meters', { completedAt: '2026-11-20', meters: { hours: -1 } }],
      ['meters as text', { completedAt: '2026-11-20', meters: 'lots' }],
    ],
    stored: record((c) => `/api/work-orders/${c.workOrderId}`),
  },
  // Issue 35: inspections and their forms.
  {
    call: 'POST /api/inspection-forms',
    auth: 'user',
    body: () => hostileFormBody(),
    required: ['name', 'items'],
    text: ['name', 'machineType', 'frequency'],
    notNull: ['items'],
    hostile: () => formHostiles(),
    stored: length(() => '/api/inspection-forms'),
  },
  {
    call: 'PUT /api/inspection-forms/:formId',
    auth: 'user',
    body: () => hostileFormBody(),
    required: ['name', 'items'],
    text: ['name', 'machineType', 'frequency'],
    hostile: () => formHostiles(),
    stored: record((c) => `/api/inspection-forms/${c.formId}`),
  },
  {
    call: 'POST /api/machines/:machineId/inspections',
    auth: 'user',
    body: (c) => inspectionBody(c),
    required: ['readAt'],
    text: ['signedBy'],
    numbers: ['formId'],
    decimals: ['formId'],
    dates: ['readAt'],
    noEmpty: ['formId', 'readAt'],
    hostile: (c) => [
      ['a required item missing', { ...inspectionBody(c), items: [{ itemId: 'sag', result: 'pass', value: 1.5 }] }],
      ['an unknown item', { ...inspectionBody(c), items: [...inspectionBody(c).items, { itemId: 'wings', result: 'pass' }] }],
      [
        'a number item without a number',
        {
          ...inspectionBody(c),
          items: [
            { itemId: 'lights', result: 'pass' },
            { itemId: 'sag', result: 'pass' },
          ],
        },
      ],
      ['a result not pass, fail or na', { ...inspectionBody(c), items: [{ itemId: 'lights', result: 'ok' }] }],
      ['items as text', { ...inspectionBody(c), items: 'all good' }],
      ['negative meters', { ...inspectionBody(c), meters: { hours: -1 } }],
    ],
    stored: length((c) => `/api/machines/${c.machineId}/inspections`),
  },
  // Issue 35: job templates.
  {
    call: 'POST /api/job-templates',
    auth: 'user',
    body: (c) => jobTemplateBody(c),
    required: ['name'],
    text: ['name'],
    notNull: ['steps', 'lines'],
    hostile: (c) => jobTemplateHostiles(c),
    stored: length(() => '/api/job-templates'),
  },
  {
    call: 'PUT /api/job-templates/:templateId',
    auth: 'user',
    body: (c) => jobTemplateBody(c),
    required: ['name'],
    text: ['name'],
    hostile: (c) => jobTemplateHostiles(c),
    stored: record((c) => `/api/job-templates/${c.templateId}`),
  },
];

/** "250-hour service": a step, 2.5 h at 60.00, two of the user's parts, a disposal fee. */
export const jobTemplateBody = (c: Pick<Ctx, 'partId'>) => ({
  name: '250-hour service',
  steps: ['Drain oil'],
  lines: [
    { kind: 'labour', hours: 2.5, rate: 60 },
    { kind: 'part', partId: c.partId, quantity: 2 },
    { kind: 'other', description: 'Disposal', cost: 15 },
  ],
});
const jobTemplateHostiles = (c: Ctx): [string, unknown][] => [
  ['negative hours', { ...jobTemplateBody(c), lines: [{ kind: 'labour', hours: -1 }] }],
  ['negative quantity', { ...jobTemplateBody(c), lines: [{ kind: 'part', partId: c.partId, quantity: -2 }] }],
  ['a fractional quantity', { ...jobTemplateBody(c), lines: [{ kind: 'part', partId: c.partId, quantity: 1.5 }] }],
  ['a part without a part', { ...jobTemplateBody(c), lines: [{ kind: 'part', quantity: 1 }] }],
  ['a rate with 3 decimals', { ...jobTemplateBody(c), lines: [{ kind: 'labour', hours: 1, rate: 60.125 }] }],
  ['other without a cost', { ...jobTemplateBody(c), lines: [{ kind: 'other', description: 'Tow' }] }],
  ['an unknown kind', { ...jobTemplateBody(c), lines: [{ kind: 'paint', cost: 1 }] }],
  ['a blank step', { ...jobTemplateBody(c), steps: ['Drain oil', '   '] }],
  ['a step as a number', { ...jobTemplateBody(c), steps: [12] }],
  ['lines as text', { ...jobTemplateBody(c), lines: 'oil' }],
];

/** A form with a pass/fail item and a number item allowed from 1 to 2 (issue 35's track sag). */
export const hostileFormBody = () => ({
  name: 'Walk-around',
  frequency: 'daily',
  items: [
    { id: 'lights', label: 'Lights', kind: 'pass_fail', required: true },
    { id: 'sag', label: 'Track sag', kind: 'number', required: true, min: 1, max: 2 },
  ],
});
const formHostiles = (): [string, unknown][] => [
  ['no items', { ...hostileFormBody(), items: [] }],
  ['min above max', { ...hostileFormBody(), items: [{ id: 'sag', label: 'Sag', kind: 'number', required: true, min: 2, max: 1 }] }],
  ['an unknown kind', { ...hostileFormBody(), items: [{ id: 'x', label: 'X', kind: 'photo', required: true }] }],
  ['an item id with a slash', { ...hostileFormBody(), items: [{ id: '../x', label: 'X', kind: 'pass_fail', required: true }] }],
  ['one id twice', { ...hostileFormBody(), items: [hostileFormBody().items[0], hostileFormBody().items[0]] }],
  ['a frequency not daily or weekly', { ...hostileFormBody(), frequency: 'hourly' }],
];
const inspectionBody = (c: Ctx) => ({
  formId: c.formId,
  readAt: '2026-11-20',
  items: [
    { itemId: 'lights', result: 'pass' },
    { itemId: 'sag', result: 'pass', value: 1.5 },
  ],
});

/** The hostile variants of a valid body: one field changed at a time, plus the whole body nested deep. */
export function variants(w: Write, valid: Record<string, unknown>, c: Ctx): [string, unknown][] {
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
  for (const f of w.dates ?? []) {
    for (const date of ['9999-12-31', '1899-12-31', '9999-12-31T25:61', '2026-12-31T25:61', '2026-02-30']) {
      out.push([`${f}: ${date}`, { ...valid, [f]: date }]);
    }
  }
  for (const f of w.noEmpty ?? []) {
    out.push([`${f}: ''`, { ...valid, [f]: '' }]);
  }
  for (const f of w.notNull ?? []) {
    out.push([`${f}: null`, { ...valid, [f]: null }]);
  }
  return [...out, ...(w.hostile?.(c) ?? [])];
}

export class RawJson {
  constructor(readonly text: string) {}
}
