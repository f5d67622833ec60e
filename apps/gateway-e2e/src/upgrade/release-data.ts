import { createApprovedUser, createMachine, expectEventually, makeJpeg, makePdf, type ApiClient } from '@wrenchlog/testing';
import { partBody, supplierBody } from '../fuel-purchase.helpers.js';
import { importSettled, uploadImport } from '../imports.helpers.js';
import { upload } from '../machines.helpers.js';

// The data of an upgrade fixture (issue 32): what two owners of one release wrote through the API,
// and what each of them sees of it. A release that changes the storage (accounts) must start on a
// copy of that release's databases and show every owner exactly what they saw before.

export interface FixtureOwner {
  username: string;
  password: string;
  /** The signup's "Account Name" (the account each owner gets is named after it). */
  name: string;
  /** The owner's calendar feed (a path, the host is the product's). */
  calendarPath: string;
  exportId: number;
}

export interface ReleaseManifest {
  /** The landed commit the fixture was written by. */
  release: string;
  owners: { owner: FixtureOwner; sees: OwnerView }[];
}

/** What an owner sees, as stable values (no signed URLs, no times that move). */
export type OwnerView = Record<string, unknown>;

const OWNERS = [
  { username: 'owner.ridge@wrenchlog.test', password: 'Ridge-fixture-pw-1', name: 'Ridge Excavation' },
  { username: 'owner.valley@wrenchlog.test', password: 'Valley-fixture-pw-1', name: 'Valley Farms' },
];

const ok = <R extends { status: number; text: string }>(res: R, what: string, statuses = [200, 201, 202]): R => {
  if (!statuses.includes(res.status)) {
    throw new Error(`${what} failed: ${res.status} ${res.text}`);
  }
  return res;
};

/** Writes both owners' fleets through the API and answers them, with what each sees once every event is applied. */
export async function writeReleaseData(api: ApiClient, release: string): Promise<ReleaseManifest> {
  const owners: ReleaseManifest['owners'] = [];
  for (const [index, who] of OWNERS.entries()) {
    const user = await createApprovedUser(api, who);
    const owner = await writeFleet(api, user.token, who, index);
    owners.push({ owner, sees: await settledView(api, owner) });
  }
  return { release, owners };
}

async function writeFleet(api: ApiClient, token: string, who: (typeof OWNERS)[number], index: number): Promise<FixtureOwner> {
  const truck = await createMachine(api, token, { name: `${who.name} pickup`, year: 2019, make: 'Ford', model: 'F-250', type: 'truck' });
  const digger = await createMachine(api, token, { name: `${who.name} excavator`, year: 2016, make: 'Kubota', model: 'KX040', type: 'excavator' });
  ok(await upload(api, 'POST', `/api/machines/${truck.id}/profile-photo`, [{ field: 'original', bytes: await makeJpeg(320, 240) }], token), 'photo');

  const service = ok(
    await api.post(
      '/api/services/fastCreate',
      { machineId: digger.id, title: 'Engine oil and filter', status: 'Completed', serviceDate: '2026-09-14', price: 184.5, hours: 1_250, notes: 'fixture' },
      token,
    ),
    'service record',
  ).body;
  ok(
    await upload(
      api,
      'POST',
      `/api/services/${service.id}/documents`,
      [{ field: 'file', bytes: makePdf('Oil invoice'), name: 'invoice.pdf', type: 'application/pdf' }],
      token,
    ),
    'document',
  );
  for (const [day, miles] of [
    ['2026-10-01', 40_300],
    ['2026-10-15', 40_650],
  ] as const) {
    const fill = {
      machineId: truck.id,
      amount: 20.5,
      pricePerUnit: 3.459,
      totalPrice: 70.91,
      dateOfPurchase: `${day}T14:30:00.000Z`,
      currentMileage: miles,
      fullTank: true,
    };
    ok(await api.post('/api/fuel-records', fill, token), 'fuel record');
  }
  const supplier = ok(await api.post('/api/suppliers', supplierBody({ name: `${who.name} parts` }), token), 'supplier').body;
  ok(await api.post('/api/parts', partBody(supplier.id, { partNumber: `HF-${index}`, name: 'Hydraulic filter' }), token), 'part');
  const purchase = {
    partName: 'Bucket teeth',
    partNumber: 'BT-1',
    quantity: 4,
    price: 31.25,
    storeName: 'Heartland',
    partStatus: 'New',
    purchaseDate: '2026-10-20T13:00:00.000Z',
    machineId: digger.id,
    partId: null,
    storeId: 0,
  };
  ok(await api.post('/api/purchases', purchase, token), 'purchase');

  const hours = await meterId(api, token, digger.id, 'hours');
  ok(await api.post(`/api/meters/${hours}/readings`, { value: 1_280, readAt: '2026-10-30' }, token), 'reading');
  const oil = { title: 'Engine oil and filter', serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: 1_250 };
  ok(await api.post(`/api/machines/${digger.id}/schedules`, oil, token), 'schedule');

  ok(await api.post('/api/webhooks', { url: `http://127.0.0.1:9/hooks/${index}`, events: ['schedule.overdue'] }, token), 'webhook');
  const calendar = ok(await api.post('/api/calendar/token', {}, token), 'calendar feed').body;
  const channels = index === 0 ? ['inapp', 'email', 'webhook'] : ['inapp'];
  const preferences = { digestTime: '06:30', timeZone: 'America/Chicago', kinds: { maintenance: channels, lowStock: ['inapp'], weeklyReport: ['email'] } };
  ok(await api.put('/api/notifications/preferences', preferences, token), 'preferences');

  const csv = 'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags\n11/02/2026,40900,18.2,63.10,0,True,False,import,\n';
  const imported = ok(
    await uploadImport(api, token, { source: 'lubelogger-fuel', machineId: String(truck.id) }, { content: csv, name: 'fuel.csv' }),
    'import',
  ).body;
  ok(await api.post(`/api/imports/${imported.id}/validate`, undefined, token), 'import dry run');
  ok(await api.post(`/api/imports/${imported.id}/commit`, { mode: 'all_or_nothing' }, token), 'import commit');
  await importSettled(api, token, imported.id, 'done');

  const exported = ok(await api.post('/api/exports', undefined, token), 'export').body;
  await expectEventually(async () => expect((await api.get(`/api/exports/${exported.id}`, token)).body.state).toBe('ready'), 30_000, 200);
  return { ...who, calendarPath: new URL(calendar.url).pathname, exportId: exported.id };
}

async function meterId(api: ApiClient, token: string, machineId: number, kind: string): Promise<number> {
  let id = 0;
  await expectEventually(async () => {
    const meters = (await api.get(`/api/machines/${machineId}/meters`, token)).body as { id: number; kind: string }[];
    id = meters.find((m) => m.kind === kind)?.id ?? 0;
    expect(id).toBeGreaterThan(0);
  });
  return id;
}

/** What the owner sees once the events of their writes are applied everywhere (two equal reads in a row). */
export async function settledView(api: ApiClient, owner: FixtureOwner): Promise<OwnerView> {
  let last = '';
  let view: OwnerView = {};
  await expectEventually(
    async () => {
      view = await ownerView(api, owner);
      const now = JSON.stringify(view);
      const same = now === last;
      last = now;
      expect(same).toBe(true);
    },
    30_000,
    1_000,
  );
  return view;
}

/**
 * The notification preferences with the kinds the fixture releases had: a kind added since (`work`,
 * issue 35) reads its default after the upgrade and is no part of what the owner saw.
 */
function withReleaseKinds(prefs: { kinds: Record<string, unknown> }): unknown {
  const kinds = Object.fromEntries(['maintenance', 'lowStock', 'weeklyReport'].map((k) => [k, prefs.kinds[k]]));
  return { ...prefs, kinds };
}

/** Every screen's data of one owner, through the routes the web app calls. */
export async function ownerView(api: ApiClient, owner: FixtureOwner): Promise<OwnerView> {
  const token = await api.login(owner.username, owner.password);
  const get = async (path: string) => ok(await api.get(path, token), `GET ${path}`).body;
  const pick = (rows: any[], keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
  const me = await get('/api/user/me');
  const machines = (await get('/api/machines/all')) as any[];
  const fleet = [];
  for (const m of [...machines].sort((a, b) => a.id - b.id)) {
    fleet.push({
      machine: pick([await get(`/api/machines/?machineId=${m.id}`)], ['id', 'name', 'make', 'model', 'year', 'type', 'miles', 'hours'])[0],
      services: pick((await get(`/api/services/machine/${m.id}?size=100`)).content, ['id', 'title', 'status', 'serviceDate', 'price', 'hours']),
      fuel: pick(await get(`/api/fuel-records/machine/${m.id}`), ['id', 'amount', 'totalPrice', 'dateOfPurchase', 'currentMileage']),
      purchases: pick((await get(`/api/purchases/getrecentForMachine/${m.id}`)).content, ['id', 'partName', 'quantity', 'price']),
      meters: pick(await get(`/api/machines/${m.id}/meters`), ['id', 'kind', 'unit', 'currentValue']),
      schedules: pick(await get(`/api/machines/${m.id}/schedules`), ['id', 'title', 'intervalHours']),
      documents: pick(await get(`/api/machines/${m.id}/documents`), ['id', 'fileName']),
      photo: (await api.get(`/api/machines/${m.id}/profile-photo`, token)).status,
    });
  }
  const services = fleet.flatMap((f) => f.services as { id: number }[]);
  const serviceDocuments = [];
  for (const s of services) {
    serviceDocuments.push(...pick(await get(`/api/services/${s.id}/documents`), ['id', 'fileName']));
  }
  const calendar = await fetch(new URL(owner.calendarPath, api.baseUrl));
  return {
    me: pick([me], ['id', 'username', 'name']),
    fleet,
    serviceDocuments,
    parts: pick((await get('/api/parts?size=100')).content, ['id', 'name', 'quantity', 'price']),
    suppliers: pick(await get('/api/suppliers/all'), ['id', 'name']),
    webhooks: pick(await get('/api/webhooks'), ['id', 'url', 'events']),
    preferences: withReleaseKinds(await get('/api/notifications/preferences')),
    imports: pick((await get('/api/imports')).content, ['id', 'source', 'state']),
    export: pick([await get(`/api/exports/${owner.exportId}`)], ['id', 'state']),
    due: pick((await get('/api/schedules')).content ?? [], ['id', 'title']),
    fleetReport: pick((await get('/api/reports/fleet?from=2026-01-01&to=2026-12-31')).rows ?? [], ['machineId', 'machineName', 'total', 'hours']),
    calendar: { status: calendar.status, events: ((await calendar.text()).match(/BEGIN:VEVENT/g) ?? []).length },
  };
}
