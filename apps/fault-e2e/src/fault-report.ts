/** One row of the table printed at the end of a fault suite. */
export interface FaultRow {
  fault: string;
  attempted: number;
  acknowledged: number;
  found: number;
  lost: number;
  duplicated: number;
}

export function printFaultTable(rows: FaultRow[]): void {
  if (rows.length === 0) {
    return;
  }
  const header = ['fault', 'writes attempted', 'acknowledged', 'found afterwards', 'lost', 'duplicated'];
  const lines = rows.map((r) => [r.fault, r.attempted, r.acknowledged, r.found, r.lost, r.duplicated].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(['', format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(format)].join('\n'));
}
