// When a user's daily digest is due and what it says. Pure: the scheduler passes the clock.

/** The local date (YYYY-MM-DD) and time (HH:MM) at `now` in an IANA time zone. */
export function localParts(now: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** The local date whose digest is due at `now`, or null before the user's digest time. */
export function digestDateDue(now: Date, timeZone: string, digestTime: string): string | null {
  const local = localParts(now, timeZone);
  return local.time >= digestTime ? local.date : null;
}

export interface DigestItem {
  machineId: number;
  machineName: string;
  title: string;
  /** became due soon, became overdue, or is still overdue from before. */
  state: 'due_soon' | 'overdue' | 'still_overdue';
  reason: string | null;
}

const STATE_WORDS: Record<DigestItem['state'], string> = { due_soon: 'Due soon', overdue: 'Overdue', still_overdue: 'Still overdue' };

/** An issue reported since the member's last digest (issue 35: critical ones went out at once). */
export interface DigestIssue {
  machineId: number;
  machineName: string;
  title: string;
  priority: string;
}

/**
 * The email: one section per machine (by name), its items most urgent first, then the issues
 * reported since the last digest, by machine. Null when there is nothing.
 */
export function digestEmail(items: DigestItem[], localDate: string, issues: DigestIssue[] = []): { subject: string; text: string } | null {
  if (items.length === 0 && issues.length === 0) {
    return null;
  }
  const rank = { overdue: 0, still_overdue: 1, due_soon: 2 } as const;
  const machines = new Map<number, DigestItem[]>();
  for (const item of items) {
    machines.set(item.machineId, [...(machines.get(item.machineId) ?? []), item]);
  }
  const groups = [...machines.values()].sort((a, b) => a[0].machineName.localeCompare(b[0].machineName) || a[0].machineId - b[0].machineId);
  const lines = [`Your Wrenchlog maintenance digest for ${localDate}`, ''];
  for (const group of groups) {
    lines.push(group[0].machineName);
    for (const item of [...group].sort((a, b) => rank[a.state] - rank[b.state] || a.title.localeCompare(b.title))) {
      lines.push(`  - ${STATE_WORDS[item.state]}: ${item.title}${item.reason ? ` (${item.reason})` : ''}`);
    }
    lines.push('');
  }
  if (issues.length) {
    lines.push('Issues reported');
    const byMachine = [...issues].sort((a, b) => a.machineName.localeCompare(b.machineName) || a.machineId - b.machineId);
    for (const issue of byMachine) {
      lines.push(`  - ${issue.machineName}: ${issue.title} (${issue.priority})`);
    }
    lines.push('');
  }
  lines.push('Change what you receive in Settings > Notifications.');
  const count = items.length;
  const maintenance = `${count} maintenance ${count === 1 ? 'item' : 'items'}`;
  const reported = `${issues.length} new ${issues.length === 1 ? 'issue' : 'issues'}`;
  const attention = `${maintenance} ${count === 1 ? 'needs' : 'need'} attention`;
  const subject = `Wrenchlog: ${issues.length === 0 ? attention : count === 0 ? reported : `${attention}, ${reported}`}`;
  return { subject, text: lines.join('\n') };
}
