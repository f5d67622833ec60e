import { EXPORT_LIMITS, type ExportCostKind, type ExportPhotoRef, type FuelRecord, type Purchase, type ServiceRecord } from '@wrenchlog/contracts';

// The pure rules of "Download all my data" (issue 23): where a photo goes in the ZIP, the money
// totals of the manifest, and an export's life.

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/avif': 'avif',
};

/** A name safe in a ZIP on every system: letters, digits, dot, dash and underscore, at most 80. */
const safe = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80) || 'photo';

/** photos/machines/<machine id>/<photo id>-<profile|gallery>.<ext> and photos/service-records/<record id>/<image id>-<file name>. */
export function photoPath(owner: 'machines' | 'service-records', ownerId: number, photo: ExportPhotoRef): string {
  const ext = EXTENSIONS[photo.contentType] ?? 'bin';
  const base = safe(photo.label).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `photos/${owner}/${ownerId}/${photo.id}-${base}.${ext}`;
}

/** Money per kind as the reports count it, summed in whole cents (no binary drift over thousands of rows). */
export class ExportTotals {
  private readonly cents: Record<ExportCostKind, number> = { serviceRecords: 0, fuelRecords: 0, partPurchases: 0 };

  service(r: ServiceRecord): void {
    this.cents.serviceRecords += Math.round(r.price * 100);
  }

  fuel(r: FuelRecord): void {
    this.cents.fuelRecords += Math.round(r.totalPrice * 100);
  }

  /** price is per unit; a cancelled purchase cost nothing (report-service's rule). */
  purchase(p: Purchase): void {
    this.cents.partPurchases += p.partStatus === 'Cancelled' ? 0 : Math.round(p.price * 100) * p.quantity;
  }

  view(): Record<ExportCostKind, { cost: number }> {
    const cost = (c: number) => ({ cost: c / 100 });
    return { serviceRecords: cost(this.cents.serviceRecords), fuelRecords: cost(this.cents.fuelRecords), partPurchases: cost(this.cents.partPurchases) };
  }
}

export const expiresAt = (createdAt: Date): Date => new Date(createdAt.getTime() + EXPORT_LIMITS.keepMs);

/** A user prepares one export at a time (each reads all their data). */
export const mayStart = (unfinished: number): boolean => unfinished < EXPORT_LIMITS.runningPerUser;
