import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The routes the built gateway registers, read from its controllers' Nest metadata (path and
// method) in a child process, so that a route added to the gateway is seen here without a list.
const SCRIPT = `
import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD', 'SEARCH'];
const dist = join(process.cwd(), 'apps/gateway/dist');
const routes = new Set();
for (const file of readdirSync(dist, { recursive: true }).filter((f) => String(f).endsWith('.controller.js'))) {
  for (const cls of Object.values(await import(join(dist, String(file))))) {
    const base = typeof cls === 'function' ? Reflect.getMetadata('path', cls) : undefined;
    if (base === undefined) continue;
    for (const name of Object.getOwnPropertyNames(cls.prototype)) {
      const fn = cls.prototype[name];
      const path = Reflect.getMetadata('path', fn);
      const method = Reflect.getMetadata('method', fn);
      if (path === undefined || method === undefined) continue;
      for (const b of [].concat(base)) for (const p of [].concat(path)) routes.add(METHODS[method] + ' ' + ('/api/' + b + '/' + p).replace(/\\/+$/, '').replace(/\\/+/g, '/'));
    }
  }
}
console.log(JSON.stringify([...routes].sort()));
`;

/** "METHOD /api/path/:param" for every route of the built gateway (build first). */
export function gatewayRoutes(): string[] {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as string[];
}

/** A route with every path parameter written `:_`, so `:id`, `:machineId` and `:serviceId` compare equal. */
export const routeKey = (call: string): string => call.replace(/\?.*$/, '').replace(/:\w+/g, ':_').replace(/\/+$/, '');
