// Writes: service record create and update, fuel record create, part purchase create.
import http from 'k6/http';
import { check } from 'k6';
import { auth, BASE_URL, createMachine, login, ramping, writeThresholds } from './lib/api.js';

export const options = {
  scenarios: {
    serviceRecords: ramping(50, 'serviceRecord'),
    fuel: ramping(50, 'fuel'),
    purchases: ramping(50, 'purchase'),
  },
  thresholds: writeThresholds,
};

export function setup() {
  const token = login();
  // A fleet: service records spread over its machines (the writes for one machine take turns).
  const fleet = Array.from({ length: 10 }, (_, i) => createMachine(token, `k6 machine ${Date.now()} ${i}`));
  return { token, machineId: fleet[0], fleet, run: Date.now() };
}

// Every create with its own Idempotency-Key, as the web app sends them (a key reused by a later run
// would answer that run's record instead of making one).
const keyed = (token, run, name) => ({ ...auth(token, { 'idempotency-key': `k6-${run}-${__VU}-${__ITER}-${name}` }), tags: { name } });

export function serviceRecord({ token, fleet, run }) {
  const machineId = fleet[(__VU + __ITER) % fleet.length];
  const created = http.post(
    `${BASE_URL}/api/services/fastCreate`,
    JSON.stringify({ machineId, title: 'Hydraulic filter', status: 'New', serviceType: 'Maintenance', serviceDate: '2026-03-02', price: 42 }),
    keyed(token, run, 'service-create'),
  );
  if (!check(created, { 'service created': (r) => r.status === 201 })) {
    return;
  }
  const record = created.json();
  const updated = http.put(`${BASE_URL}/api/services/${record.id}`, JSON.stringify({ ...record, status: 'Complete' }), {
    ...auth(token),
    tags: { name: 'service-update' },
  });
  check(updated, { 'service updated': (r) => r.status === 200 });
}

export function fuel({ token, machineId, run }) {
  const res = http.post(
    `${BASE_URL}/api/fuel-records`,
    JSON.stringify({
      machineId,
      amount: 18.4,
      pricePerUnit: 3.49,
      totalPrice: 64.22,
      dateOfPurchase: new Date().toISOString(),
      lastMileage: 42000,
      currentMileage: 42310,
    }),
    keyed(token, run, 'fuel-create'),
  );
  check(res, { 'fuel created': (r) => r.status === 201 });
}

export function purchase({ token, machineId, run }) {
  const res = http.post(
    `${BASE_URL}/api/purchases`,
    JSON.stringify({
      machineId,
      partName: 'Air filter',
      quantity: 2,
      price: 24.99,
      partStatus: 'Ordered',
      purchaseDate: new Date().toISOString(),
      storeName: 'Parts Depot',
      userId: 0,
      storeId: 0,
    }),
    keyed(token, run, 'purchase-create'),
  );
  check(res, { 'purchase created': (r) => r.status === 201 });
}
