// Sign-in and token refresh. Sign-in is argon2id-bound (about 30 ms of CPU each), so its peak is
// low and the per-address limiter must answer 429 before the CPU saturates: run with
// LOGIN_RATE_PER_IP_PER_MINUTE raised when measuring throughput from one load generator.
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, login, ramping } from './lib/api.js';

export const options = {
  scenarios: {
    login: ramping(40, 'signIn', { maxVUs: 100 }),
    refresh: ramping(100, 'refresh', { maxVUs: 200 }),
  },
  thresholds: {
    'http_req_duration{name:login}': ['p(99)<200'],
    'http_req_duration{name:refresh}': ['p(95)<50', 'p(99)<150'],
    'http_req_failed{name:refresh}': ['rate<0.001'],
  },
};

export function signIn() {
  login();
}

export function refresh() {
  // Each VU keeps its own cookie jar: sign in once, then rotate the refresh cookie on every call.
  if (!globalThis.signedIn) {
    login();
    globalThis.signedIn = true;
  }
  const res = http.post(`${BASE_URL}/api/auth/refresh`, null, { tags: { name: 'refresh' } });
  check(res, { refreshed: (r) => r.status === 200 && !!r.json('accessToken') });
}
