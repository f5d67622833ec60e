// CPU time (user + system, from /proc/<pid>/stat) of the product's processes and of the servers it
// uses (RabbitMQ's beam, PostgreSQL), read before and after a load: CPU per request per process.
// Unlike a sampling profile, this does not count the time a process waits for a core.
import { readdirSync, readFileSync } from 'node:fs';
import { productProcesses } from './product-processes.mjs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return 0;
  }
}

/** The product's processes by app, plus RabbitMQ and PostgreSQL (all their processes summed), plus the load generator. */
function processGroups(dataDir) {
  const groups = new Map();
  const add = (name, pid) => groups.set(name, [...(groups.get(name) ?? []), pid]);
  for (const p of productProcesses(dataDir)) {
    add(p.app, p.pid);
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'beam.smp') add('rabbitmq', Number(entry));
      else if (comm === 'postgres') add('postgresql', Number(entry));
    } catch {
      // gone
    }
  }
  add('load generator', process.pid);
  return groups;
}

/** Starts counting; the returned function stops and answers CPU ms per request for each group. */
export function countCpu(dataDir) {
  const groups = processGroups(dataDir);
  const before = new Map([...groups].map(([name, pids]) => [name, pids.reduce((s, pid) => s + cpuSeconds(pid), 0)]));
  return (requests) =>
    [...groups]
      .map(([name, pids]) => ({ name, cpuSeconds: pids.reduce((s, pid) => s + cpuSeconds(pid), 0) - before.get(name) }))
      .filter((g) => g.cpuSeconds > 0)
      .map((g) => ({ ...g, usPerRequest: (g.cpuSeconds * 1e6) / requests }))
      .sort((a, b) => b.cpuSeconds - a.cpuSeconds);
}
