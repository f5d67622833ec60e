// Public page views from the marketing pages: no token, rate-limited per address, so spread the
// load over several generator addresses or raise the limit when measuring.
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, ramping, readThresholds } from './lib/api.js';

const PAGES = ['/', '/landing', '/pricing', '/roadmap', '/about', '/replacespreadsheets', '/contact-sales'];

export const options = {
  scenarios: { pageviews: ramping(300, 'pageview') },
  thresholds: readThresholds,
};

export function pageview() {
  const page = PAGES[Math.floor(Math.random() * PAGES.length)];
  const res = http.post(
    `${BASE_URL}/api/analytics/pageview`,
    JSON.stringify({ page, referrer: 'https://search.example/', userAgent: 'k6', timestamp: new Date().toISOString() }),
    { headers: { 'content-type': 'application/json' }, tags: { name: 'pageview' } },
  );
  check(res, { recorded: (r) => r.status === 201 });
}
