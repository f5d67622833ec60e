import {
  EXPORT_LIMITS,
  type DocumentExportItem,
  type DocumentParentKind,
  type ExportCostKind,
  type ExportPhotoRef,
  type FuelRecord,
  type Purchase,
  type ServiceRecord,
} from '@wrenchlog/contracts';

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
const safe = (name: string, fallback = 'photo'): string =>
  name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80) || fallback;

/** photos/machines/<machine id>/<photo id>-<profile|gallery>.<ext> and photos/service-records/<record id>/<image id>-<file name>. */
export function photoPath(owner: 'machines' | 'service-records', ownerId: number, photo: ExportPhotoRef): string {
  const ext = EXTENSIONS[photo.contentType] ?? 'bin';
  const base = safe(photo.label).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `photos/${owner}/${ownerId}/${photo.id}-${base}.${ext}`;
}

/** The folder of a document's record kind, named as the export's CSV files are. */
const DOCUMENT_FOLDERS: Record<DocumentParentKind, string> = {
  machine: 'machines',
  'service-record': 'service-records',
  'fuel-record': 'fuel-records',
  purchase: 'part-purchases',
};

/** documents/<record kind>/<record id>/<document id>-<safe file name>.pdf (issue 38): unique by the document's id. */
export function documentPath(doc: Pick<DocumentExportItem, 'id' | 'parentKind' | 'parentId' | 'fileName'>): string {
  const base = safe(doc.fileName.replace(/\.pdf$/i, ''), 'document');
  return `documents/${DOCUMENT_FOLDERS[doc.parentKind]}/${doc.parentId}/${doc.id}-${base}.pdf`;
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
