import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  accountActor,
  DOCUMENT_DATA_EXPORT,
  EXPORT_FILES,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  EXPORT_LIMITS,
  FUEL_DATA_EXPORT,
  MACHINE_DATA_EXPORT,
  PART_DATA_EXPORT,
  PURCHASE_DATA_EXPORT,
  READING_DATA_EXPORT,
  SCHEDULE_DATA_EXPORT,
  SERVICE_DATA_EXPORT,
  SUPPLIER_DATA_EXPORT,
  type Actor,
  type ExportKind,
  type ExportManifest,
  type ExportPage,
  type ExportPageRequest,
} from '@wrenchlog/contracts';
import { exportCsv, exportRow, type ExportCsvRow } from '@wrenchlog/importers';
import { RpcCallError, RpcClient } from '@wrenchlog/platform';
import { OBJECT_STORAGE, ObjectNotFoundError, type ObjectStorage } from '@wrenchlog/storage';
import { ExportArchive } from './export-archive.js';
import { documentPath, ExportTotals, photoPath } from './export.rules.js';
import { ExportsRepository } from './exports.repository.js';

interface ObjectCopy {
  path: string;
  key: string;
}

/**
 * The export job (issue 23): takes an export's lease, asks each owning service for the user's rows
 * page by page, writes one CSV per kind, the photos' originals and manifest.json into a ZIP that
 * goes straight to object storage, and marks the export ready (or failed, with the reason).
 * Nothing is kept in memory between pages but machine names and photo keys; a job stopped by a
 * restart is started over by ExportsScheduler once its lease lapses (the same object key).
 */
@Injectable()
export class ExportJob {
  private readonly logger = new Logger(ExportJob.name);

  constructor(
    private readonly repository: ExportsRepository,
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Runs the export unless another worker holds it; never throws (the outcome is the export's state). */
  async run(id: number): Promise<void> {
    if (!(await this.repository.lease(id, new Date(), EXPORT_LIMITS.leaseMs))) {
      return;
    }
    const entity = await this.repository.findById(id);
    if (!entity?.objectKey) {
      return;
    }
    const started = Date.now();
    const archive = new ExportArchive(this.storage, entity.objectKey);
    try {
      // The account's data, read as the member who asked for it (before accounts, the owner).
      const actor = accountActor(entity.accountId, entity.createdBy ?? entity.accountId);
      const manifest = await this.write(archive, actor, () => this.repository.renew(id, new Date(), EXPORT_LIMITS.leaseMs));
      const byteSize = await archive.finish();
      await this.repository.finish(id, {
        state: 'ready',
        objectKey: entity.objectKey,
        byteSize,
        counts: JSON.stringify(manifest.counts),
        error: null,
        finishedAt: new Date(),
      });
      this.logger.log(`export ${id}: ${byteSize} bytes in ${Date.now() - started} ms`);
    } catch (err) {
      archive.abort();
      await this.storage.deleteMany([entity.objectKey]).catch(() => undefined);
      const reason =
        err instanceof RpcCallError
          ? 'A service did not answer while the export was being prepared: try again in a moment.'
          : 'The export could not be written: try again.';
      this.logger.warn(`export ${id} failed: ${(err as Error).message}`);
      await this.repository.finish(id, { state: 'failed', objectKey: entity.objectKey, byteSize: null, counts: null, error: reason, finishedAt: new Date() });
    }
  }

  private async write(archive: ExportArchive, actor: Actor, renew: () => Promise<void>): Promise<ExportManifest> {
    const counts: ExportManifest['counts'] = {
      machines: 0,
      serviceRecords: 0,
      fuelRecords: 0,
      partPurchases: 0,
      suppliers: 0,
      parts: 0,
      meterReadings: 0,
      schedules: 0,
      documents: 0,
      photos: 0,
    };
    const totals = new ExportTotals();
    const names = new Map<number, string>();
    const photos: ObjectCopy[] = [];
    const documents: ObjectCopy[] = [];
    const nameOf = (id: number | null) => (id === null ? undefined : names.get(id));

    await this.csv(
      archive,
      'machines',
      renew,
      (req) => this.rpc.send(MACHINE_DATA_EXPORT, req, { actor }),
      (m) => {
        names.set(m.id, m.name);
        const paths = m.photos.map((p) => ({ path: photoPath('machines', m.id, p), key: p.key }));
        photos.push(...paths);
        return exportRow.machines(
          m,
          paths.map((p) => p.path),
        );
      },
      counts,
    );
    await this.csv(
      archive,
      'serviceRecords',
      renew,
      (req) => this.rpc.send(SERVICE_DATA_EXPORT, req, { actor }),
      (r) => {
        totals.service(r);
        const paths = r.photos.map((p) => ({ path: photoPath('service-records', r.id, p), key: p.key }));
        photos.push(...paths);
        return exportRow.serviceRecords(
          r,
          nameOf(r.machineId) ?? r.machineName ?? undefined,
          paths.map((p) => p.path),
        );
      },
      counts,
    );
    await this.csv(
      archive,
      'fuelRecords',
      renew,
      (req) => this.rpc.send(FUEL_DATA_EXPORT, req, { actor }),
      (r) => {
        totals.fuel(r);
        return exportRow.fuelRecords(r, nameOf(r.machineId));
      },
      counts,
    );
    await this.csv(
      archive,
      'partPurchases',
      renew,
      (req) => this.rpc.send(PURCHASE_DATA_EXPORT, req, { actor }),
      (p) => {
        totals.purchase(p);
        return exportRow.partPurchases(p, nameOf(p.machineId));
      },
      counts,
    );
    await this.csv(archive, 'suppliers', renew, (req) => this.rpc.send(SUPPLIER_DATA_EXPORT, req, { actor }), exportRow.suppliers, counts);
    await this.csv(archive, 'parts', renew, (req) => this.rpc.send(PART_DATA_EXPORT, req, { actor }), exportRow.parts, counts);
    await this.csv(
      archive,
      'meterReadings',
      renew,
      (req) => this.rpc.send(READING_DATA_EXPORT, req, { actor }),
      (r) => exportRow.meterReadings(r, nameOf(r.machineId)),
      counts,
    );
    await this.csv(
      archive,
      'schedules',
      renew,
      (req) => this.rpc.send(SCHEDULE_DATA_EXPORT, req, { actor }),
      (s) => exportRow.schedules(s, nameOf(s.machineId)),
      counts,
    );
    // Format 3 (issue 38): the attached PDFs, listed with the record each belongs to.
    await this.csv(
      archive,
      'documents',
      renew,
      (req) => this.rpc.send(DOCUMENT_DATA_EXPORT, req, { actor }),
      (d) => {
        const path = documentPath(d);
        documents.push({ path, key: d.objectKey });
        return exportRow.documents(d, nameOf(d.machineId), path);
      },
      counts,
    );

    counts.photos = await this.copyAll(archive, photos, renew);
    await this.copyAll(archive, documents, renew);

    const manifest: ExportManifest = {
      format: EXPORT_FORMAT,
      formatVersion: EXPORT_FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      files: { ...EXPORT_FILES },
      counts,
      totals: totals.view(),
    };
    const file = archive.text('manifest.json');
    await file.write(JSON.stringify(manifest, null, 2));
    await file.end();
    return manifest;
  }

  /** Copies stored objects into the ZIP as they are; answers how many were there. */
  private async copyAll(archive: ExportArchive, files: ObjectCopy[], renew: () => Promise<void>): Promise<number> {
    let copied = 0;
    for (const [i, file] of files.entries()) {
      try {
        await archive.copy(file.path, (await this.storage.get(file.key)).stream);
        copied += 1;
      } catch (err) {
        // An object that is gone (deleted meanwhile) is left out, not the whole export.
        if (!(err instanceof ObjectNotFoundError)) {
          throw err;
        }
      }
      if (i % 50 === 49) {
        await renew();
      }
    }
    return copied;
  }

  /** One CSV file, page by page (the owner scopes each page to the actor). */
  private async csv<T extends { id: number }>(
    archive: ExportArchive,
    kind: ExportKind,
    renew: () => Promise<void>,
    page: (request: ExportPageRequest) => Promise<ExportPage<T>>,
    row: (item: T) => ExportCsvRow,
    counts: ExportManifest['counts'],
  ): Promise<void> {
    const file = archive.text(EXPORT_FILES[kind]);
    let afterId: number | null = 0;
    let first = true;
    while (afterId !== null) {
      const result: ExportPage<T> = await page({ afterId, limit: EXPORT_LIMITS.pageSize });
      // The header goes out even for an empty file, so every export has the same CSVs.
      await file.write(exportCsv(kind, result.items.map(row), first));
      counts[kind] += result.items.length;
      first = false;
      afterId = result.nextAfterId;
      await renew();
    }
    await file.end();
  }
}
