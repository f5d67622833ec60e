// Shared helpers for the k6 scenarios. Settings come from the environment:
//   BASE_URL (default http://localhost:3000), WL_USER and WL_PASSWORD (an approved account; the
//   embedded default administrator when unset), RATE (peak iterations per second), DURATION.
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
export const USER = __ENV.WL_USER || 'admin@wrenchlog.local';
export const PASSWORD = __ENV.WL_PASSWORD || 'wrenchlog-admin';

/** A ramping-arrival-rate scenario: open model, so a slow server shows up as latency and dropped iterations. */
export function ramping(peak, exec, { preAllocatedVUs = 50, maxVUs = 400 } = {}) {
  const rate = Number(__ENV.RATE || peak);
  const duration = __ENV.DURATION || '1m';
  return {
    executor: 'ramping-arrival-rate',
    exec,
    startRate: Math.max(1, Math.round(rate / 10)),
    timeUnit: '1s',
    preAllocatedVUs,
    maxVUs,
    stages: [
      { target: rate, duration: '30s' },
      { target: rate, duration },
      { target: 0, duration: '10s' },
    ],
  };
}

/** The thresholds every read scenario must hold (the targets of docs/performance.md). */
export const readThresholds = {
  http_req_failed: ['rate<0.001'],
  http_req_duration: ['p(95)<50', 'p(99)<150'],
  dropped_iterations: ['count==0'],
};

export const writeThresholds = {
  http_req_failed: ['rate<0.001'],
  http_req_duration: ['p(99)<200'],
  dropped_iterations: ['count==0'],
};

export function login(user = USER, password = PASSWORD) {
  const res = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ username: user, password }), {
    headers: { 'content-type': 'application/json' },
    tags: { name: 'login' },
  });
  if (!check(res, { 'signed in': (r) => r.status === 200 })) {
    fail(`sign-in of ${user} failed: ${res.status} ${res.body}`);
  }
  return res.json('accessToken');
}

export const auth = (token, extra = {}) => ({ headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra } });

/** A machine of the signed-in user to hang records on (created once in setup()). */
export function createMachine(token, name = `k6 machine ${Date.now()}`) {
  const res = http.post(`${BASE_URL}/api/machines/create`, JSON.stringify({ name, year: 2020, make: 'Deere', model: '310SL' }), auth(token));
  if (res.status !== 201) {
    fail(`could not create a machine: ${res.status} ${res.body}`);
  }
  return res.json('id');
}
