// The processes of one started product (found by its private DATA_DIR in /proc/<pid>/environ):
// resident memory per app, for the idle-memory and image-worker figures. RSS counts the pages a
// process shares with the others (the node binary's code, about 48 MB, is in every one of them)
// once per process; PSS divides each shared page between the processes that map it, so the sum of
// PSS is the memory the product holds together (Linux's smaps_rollup).
import { readdirSync, readFileSync } from 'node:fs';

export function productProcesses(dataDir) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(`DATA_DIR=${dataDir}`)) {
        continue;
      }
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const main = args.find((a) => a.endsWith('main.js') || a.endsWith('start.mjs') || a.endsWith('host.mjs')) ?? args.join(' ');
      // 'host': the one process of the embedded default (tools/host.mjs), every app inside it.
      const app = /apps\/([^/]+)\/dist/.exec(main)?.[1] ?? (main.endsWith('start.mjs') ? 'start.mjs' : main.endsWith('host.mjs') ? 'host' : main);
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
      const rollup = readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8');
      const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0) / 1024;
      found.push({ pid: Number(entry), app, rssMb: rssKb / 1024, pssMb: kb('Pss'), privateMb: kb('Private_Clean') + kb('Private_Dirty') });
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

export const totalRssMb = (processes) => processes.reduce((sum, p) => sum + p.rssMb, 0);
export const totalPssMb = (processes) => processes.reduce((sum, p) => sum + p.pssMb, 0);

/**
 * CPU time (user + system, ms) used so far by the processes whose environment holds `envEntry`
 * (e.g. `DATABASE_URL=...`): per request, a figure that other work on a shared machine slows less
 * than latency.
 */
export function cpuMsOf(envEntry) {
  const tick = 10; // USER_HZ is 100 on Linux: clock ticks of 10 ms
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(envEntry)) {
        continue;
      }
      // Fields after the command name, which is in parentheses: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone, or not ours
    }
  }
  return total;
}
