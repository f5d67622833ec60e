import { readdirSync, readFileSync } from 'node:fs';

export interface ProductProcess {
  pid: number;
  /** The app (apps/<app>/dist/main.js), 'host' for the one process of tools/host.mjs, or 'start' for the supervisor. */
  app: string;
}

/** The processes of one product started by startProduct, found by its private DATA_DIR (as tools/bench does). */
export function productProcesses(dataDir: string): ProductProcess[] {
  const found: ProductProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) {
        continue;
      }
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const app = args
        .map(
          (a) => /apps\/([^/]+)\/dist\/main\.js$/.exec(a)?.[1] ?? (a.endsWith('tools/host.mjs') ? 'host' : a.endsWith('tools/start.mjs') ? 'start' : undefined),
        )
        .find(Boolean);
      if (app) {
        found.push({ pid: Number(entry), app });
      }
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

/** kill -9 of the product's process running `app`; answers its pid. */
export function killApp(dataDir: string, app: string): number {
  const target = productProcesses(dataDir).find((p) => p.app === app);
  if (!target) {
    throw new Error(`no process of ${app} in this product`);
  }
  process.kill(target.pid, 'SIGKILL');
  return target.pid;
}
