#!/usr/bin/env node
// The container image's HEALTHCHECK. APP=all (the one-box product): every service answers and
// reaches its database (GET /api/health/ready). APP=gateway: the gateway itself is up (/api/health;
// its services are other containers with their own checks). A service: its probe port when
// HEALTH_PORT is set, else nothing to ask (healthy while it runs).
const app = process.env.APP ?? 'all';
const url =
  app === 'all'
    ? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/health/ready`
    : app === 'gateway'
      ? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/health`
      : process.env.HEALTH_PORT
        ? `http://127.0.0.1:${process.env.HEALTH_PORT}/health/ready`
        : undefined;
if (url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
    if (!res.ok) {
      console.error(`${url} answered ${res.status}`);
      process.exit(1);
    }
  } catch (err) {
    console.error(`${url}: ${err.message}`);
    process.exit(1);
  }
}
