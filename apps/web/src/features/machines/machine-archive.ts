import type { MachineHistoryCounts } from '../../api/types';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 service records, 1 fuel record, 2 part purchases, 4 photos and 1 document", or null when there is nothing. */
export function describeHistory(c: MachineHistoryCounts): string | null {
  const parts = [
    c.serviceRecords > 0 && plural(c.serviceRecords, 'service record', 'service records'),
    c.fuelRecords > 0 && plural(c.fuelRecords, 'fuel record', 'fuel records'),
    c.purchases > 0 && plural(c.purchases, 'part purchase', 'part purchases'),
    c.photos > 0 && plural(c.photos, 'photo', 'photos'),
    c.documents > 0 && plural(c.documents, 'document', 'documents'),
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) {
    return null;
  }
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
