// The signed-in read paths: dashboard (recently serviced), machines browse, and the services list
// with paging, status filter, sort and search.
import http from 'k6/http';
import { check } from 'k6';
import { auth, BASE_URL, createMachine, login, ramping, readThresholds } from './lib/api.js';

export const options = {
  scenarios: {
    dashboard: ramping(200, 'dashboard'),
    machines: ramping(200, 'machines'),
    services: ramping(200, 'services'),
  },
  thresholds: readThresholds,
};

export function setup() {
  const token = login();
  const machineId = createMachine(token);
  for (let i = 0; i < 30; i++) {
    http.post(
      `${BASE_URL}/api/services/fastCreate`,
      JSON.stringify({
        machineId,
        title: `Oil change ${i}`,
        status: i % 3 ? 'Complete' : 'New',
        serviceType: 'Maintenance',
        serviceDate: '2026-01-15',
        price: 89.5,
      }),
      auth(token),
    );
  }
  return { token };
}

export function dashboard({ token }) {
  const res = http.get(`${BASE_URL}/api/machines/recentlyserviced`, { ...auth(token), tags: { name: 'dashboard' } });
  check(res, { 'dashboard 200': (r) => r.status === 200 });
}

export function machines({ token }) {
  const res = http.get(`${BASE_URL}/api/machines/all`, { ...auth(token), tags: { name: 'machines' } });
  check(res, { 'machines 200': (r) => r.status === 200 });
}

const QUERIES = ['page=0&size=12', 'page=1&size=12&sort=title,asc', 'page=0&size=24&status=Complete', 'page=0&size=12&q=oil&sort=machineName,desc'];

export function services({ token }) {
  const query = QUERIES[Math.floor(Math.random() * QUERIES.length)];
  const res = http.get(`${BASE_URL}/api/services/recent?${query}`, { ...auth(token), tags: { name: 'services' } });
  check(res, { 'services 200': (r) => r.status === 200 && Array.isArray(r.json('content')) });
}
