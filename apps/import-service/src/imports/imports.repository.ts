import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImportRowStatus, RestoredCompletion } from '@wrenchlog/contracts';
import type { ImportRow } from '@wrenchlog/importers';
import { forUpdate } from '@wrenchlog/platform';
import { DataSource, In, IsNull, LessThan, Repository } from 'typeorm';
import { ImportLeaseEntity } from './import-lease.entity.js';
import { ImportMachineEntity } from './import-machine.entity.js';
import { ImportPhotoEntity } from './import-photo.entity.js';
import { ImportRowEntity } from './import-row.entity.js';
import { ImportEntity } from './import.entity.js';
import { exportIdOf } from './import.rules.js';

const ROW_CHUNK = 200;

/** The SQL of imports and their rows; every read is scoped by the account. */
@Injectable()
export class ImportsRepository {
  constructor(
    @InjectRepository(ImportEntity) private readonly imports: Repository<ImportEntity>,
    private readonly dataSource: DataSource,
  ) {}

  /** The account's import, or null (another account's import is no different from a missing one). */
  findOwn(accountId: number, id: number): Promise<ImportEntity | null> {
    return this.imports.findOneBy({ id, accountId });
  }

  /** The account's imports, newest first. */
  list(accountId: number, page: number, size: number): Promise<[ImportEntity[], number]> {
    return this.imports.findAndCount({ where: { accountId }, order: { createdAt: 'DESC', id: 'DESC' }, skip: page * size, take: size });
  }

  save(entity: ImportEntity): Promise<ImportEntity> {
    return this.imports.save(entity);
  }

  /** Replaces an import's rows and its state in one transaction (a validation is all or nothing). */
  async replaceRows(entity: ImportEntity, rows: ImportRow[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.delete(ImportRowEntity, { importId: entity.id });
      for (let i = 0; i < rows.length; i += ROW_CHUNK) {
        await tx.insert(
          ImportRowEntity,
          rows.slice(i, i + ROW_CHUNK).map((row) => ({
            importId: entity.id,
            rowNumber: row.rowNumber,
            kind: row.kind,
            writeOrder: row.writeOrder ?? row.rowNumber,
            status: row.status,
            messages: JSON.stringify(row.messages),
            record: row.record === undefined ? null : JSON.stringify(row.record),
            machineName: row.machine && 'name' in row.machine ? row.machine.name.slice(0, 200) : null,
            duplicateOf: row.duplicateOf ?? null,
            existingMachineId: row.existingMachineId ?? null,
          })),
        );
      }
      await tx.save(entity);
    });
  }

  async clearRows(entity: ImportEntity): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.delete(ImportRowEntity, { importId: entity.id });
      await tx.delete(ImportPhotoEntity, { importId: entity.id });
      await tx.save(entity);
    });
  }

  /** A page of rows in file order, optionally of one status. */
  async rows(importId: number, status: ImportRowStatus | undefined, page: number, size: number): Promise<[ImportRowEntity[], number]> {
    return this.dataSource.getRepository(ImportRowEntity).findAndCount({
      where: status ? { importId, status } : { importId },
      order: { rowNumber: 'ASC' },
      skip: page * size,
      take: size,
    });
  }

  /** One row of an import (the caller's import was checked first). */
  row(importId: number, rowNumber: number): Promise<ImportRowEntity | null> {
    return this.dataSource.getRepository(ImportRowEntity).findOneBy({ importId, rowNumber });
  }

  /** The rows the commit will skip as duplicates: flagged by the dry run, not refused, not kept (import.rules.ts sendsRow). */
  skippedDuplicates(importId: number): Promise<number> {
    return this.dataSource
      .getRepository(ImportRowEntity)
      .createQueryBuilder('r')
      .where('r.import_id = :importId AND r.duplicate_of IS NOT NULL AND r.keep = :no AND r.status <> :error', { importId, no: false, error: 'error' })
      .getCount();
  }

  /**
   * Sets a row's keep only while its import is still `validated`, checked and written in one
   * transaction that holds the import's row lock: a commit (which takes the same lock to become
   * `importing`, then reads keep) either sees the keep or makes it answer the state it found.
   * Answers the import's state when that was not `validated` ('gone' when deleted; nothing written), null when set.
   */
  async setKeep(importId: number, rowNumber: number, keep: boolean, by: number): Promise<string | null> {
    return this.dataSource.transaction(async (tx) => {
      const current = await forUpdate(tx.createQueryBuilder(ImportEntity, 'i').select(['i.id', 'i.state']).where('i.id = :importId', { importId })).getOne();
      if (current?.state !== 'validated') {
        return current?.state ?? 'gone';
      }
      await tx.update(ImportRowEntity, { importId, rowNumber }, { keep });
      await tx.update(ImportEntity, { id: importId }, { updatedBy: by });
      return null;
    });
  }

  findById(id: number): Promise<ImportEntity | null> {
    return this.imports.findOneBy({ id });
  }

  /**
   * Commit: marks the rows the job sends `pending` and the others `skipped`, and the import
   * `importing`, in one transaction and only from `validated` (two commits at once: one wins).
   * Answers false when the import was no longer validated. `by` commits it (its updatedBy).
   */
  async startCommit(entity: ImportEntity, mode: string, by: number): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const claimed = await tx
        .createQueryBuilder()
        .update(ImportEntity)
        .set({ state: 'importing', mode, leaseOwner: null, leaseUntil: null, error: null, updatedBy: by })
        .where('id = :id AND account_id = :accountId AND state = :validated', { id: entity.id, accountId: entity.accountId, validated: 'validated' })
        .execute();
      if (!claimed.affected) {
        return false;
      }
      // The rule of import.rules.ts sendsRow(): no error row, a duplicate only when kept.
      await tx
        .createQueryBuilder()
        .update(ImportRowEntity)
        .set({ outcome: () => `CASE WHEN status <> 'error' AND (duplicate_of IS NULL OR keep = :kept) THEN 'pending' ELSE 'skipped' END`, targetId: null })
        .where('import_id = :id', { id: entity.id, kept: true })
        .execute();
      // A machine row of a name the user has, with 'use': its records go to that machine, the row is not written.
      await tx
        .createQueryBuilder()
        .update(ImportRowEntity)
        .set({ outcome: 'skipped' })
        .where('import_id = :id AND existing_machine_id IS NOT NULL', { id: entity.id })
        .execute();
      const total = await tx.count(ImportRowEntity, { where: { importId: entity.id, outcome: 'pending' } });
      const skipped = await tx.count(ImportRowEntity, { where: { importId: entity.id, outcome: 'skipped' } });
      await tx.update(ImportEntity, { id: entity.id }, { progressDone: 0, progressTotal: total, written: 0, failed: 0, skipped });
      return true;
    });
  }

  /** Imports of the account being imported now (at most IMPORT_LIMITS.maxImportingPerAccount at once). */
  importingCount(accountId: number): Promise<number> {
    return this.imports.countBy({ accountId, state: 'importing' });
  }

  /** Revert: marks the import `reverting` once (two at once: one wins), from done or failed; `by` asked it (its updatedBy). */
  async startRevert(entity: ImportEntity, by: number): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(ImportEntity)
      .set({ reverting: true, leaseOwner: null, leaseUntil: null, updatedBy: by })
      .where('id = :id AND account_id = :accountId AND reverting = :no AND state IN (:...states)', {
        id: entity.id,
        accountId: entity.accountId,
        no: false,
        states: ['done', 'failed'],
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Takes the job of an import whose lease lapsed (or that has none); false when another worker holds it. */
  async takeLease(id: number, owner: string, now: Date, until: Date): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(ImportEntity)
      .set({ leaseOwner: owner, leaseUntil: until })
      .where('id = :id AND (state = :importing OR reverting = :yes) AND (lease_until IS NULL OR lease_until < :now)', {
        id,
        importing: 'importing',
        yes: true,
        now,
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async renewLease(id: number, owner: string, until: Date): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(ImportEntity)
      .set({ leaseUntil: until })
      .where('id = :id AND lease_owner = :owner', { id, owner })
      .execute();
  }

  /** Imports with a job to run (importing, or a revert asked) whose lease lapsed: a crashed worker's, or never taken. */
  async lapsed(now: Date): Promise<number[]> {
    const rows = await this.imports
      .createQueryBuilder('i')
      .select('i.id', 'id')
      .where('(i.state = :importing OR i.reverting = :yes) AND (i.lease_until IS NULL OR i.lease_until < :now)', { importing: 'importing', yes: true, now })
      .orderBy('i.id', 'ASC')
      .getRawMany<{ id: number }>();
    return rows.map((r) => Number(r.id));
  }

  /** Ends a job step: the fields given, and the lease let go. */
  async finish(id: number, fields: Partial<ImportEntity>): Promise<void> {
    await this.imports.update({ id }, { ...fields, leaseOwner: null, leaseUntil: null });
  }

  update(id: number, fields: Partial<ImportEntity>): Promise<unknown> {
    return this.imports.update({ id }, fields);
  }

  /** Names of machines the pending rows give that this import has not created yet. */
  async namesToCreate(importId: number): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(ImportRowEntity)
      .createQueryBuilder('r')
      .select('DISTINCT r.machine_name', 'name')
      .where('r.import_id = :importId AND r.outcome = :pending AND r.machine_name IS NOT NULL', { importId, pending: 'pending' })
      .andWhere('NOT EXISTS (SELECT 1 FROM import_machines m WHERE m.import_id = r.import_id AND m.name = r.machine_name)')
      .getRawMany<{ name: string }>();
    return rows.map((r) => r.name);
  }

  async addMachines(importId: number, machines: { name: string; id: number }[]): Promise<void> {
    if (machines.length > 0) {
      await this.dataSource.getRepository(ImportMachineEntity).upsert(
        machines.map((m) => ({ importId, name: m.name, machineId: m.id })),
        ['importId', 'name'],
      );
    }
  }

  /** Name -> id of the machines this import created. */
  async machinesOf(importId: number): Promise<Map<string, number>> {
    const rows = await this.dataSource.getRepository(ImportMachineEntity).findBy({ importId });
    return new Map(rows.map((r) => [r.name, r.machineId]));
  }

  /** The next pending rows in write order, oldest first (of one kind when given). */
  nextPending(importId: number, limit: number, kind?: string): Promise<ImportRowEntity[]> {
    const where = kind === undefined ? { importId, outcome: 'pending' } : { importId, outcome: 'pending', kind };
    return this.dataSource.getRepository(ImportRowEntity).find({ where, order: { writeOrder: 'ASC', rowNumber: 'ASC' }, take: limit });
  }

  /**
   * A batch's outcome and the import's progress, in one transaction: one UPDATE for the written rows
   * (each row's id through a CASE), one for the failed rows (their message added), one for the import.
   */
  async markBatch(importId: number, written: { rowNumber: number; id: number }[], failed: { rowNumber: number; message: string }[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      if (written.length > 0) {
        const ids = Object.fromEntries(
          written.flatMap((w, i) => [
            [`r${i}`, w.rowNumber],
            [`t${i}`, w.id],
          ]),
        );
        await tx
          .createQueryBuilder()
          .update(ImportRowEntity)
          .set({ outcome: 'written', targetId: () => `CASE row_number ${written.map((_, i) => `WHEN :r${i} THEN CAST(:t${i} AS INTEGER)`).join(' ')} END` })
          .where('import_id = :importId AND row_number IN (:...rowNumbers)', { importId, rowNumbers: written.map((w) => w.rowNumber) })
          .setParameters(ids)
          .execute();
      }
      if (failed.length > 0) {
        const rows = await tx.find(ImportRowEntity, {
          where: { importId, rowNumber: In(failed.map((f) => f.rowNumber)) },
          select: { rowNumber: true, messages: true },
        });
        const before = new Map(rows.map((r) => [r.rowNumber, JSON.parse(r.messages) as string[]]));
        const messages = Object.fromEntries(
          failed.flatMap((f, i) => [
            [`r${i}`, f.rowNumber],
            [`m${i}`, JSON.stringify([...(before.get(f.rowNumber) ?? []), f.message])],
          ]),
        );
        await tx
          .createQueryBuilder()
          .update(ImportRowEntity)
          .set({ outcome: 'failed', messages: () => `CASE row_number ${failed.map((_, i) => `WHEN :r${i} THEN :m${i}`).join(' ')} END` })
          .where('import_id = :importId AND row_number IN (:...rowNumbers)', { importId, rowNumbers: failed.map((f) => f.rowNumber) })
          .setParameters(messages)
          .execute();
      }
      await tx
        .createQueryBuilder()
        .update(ImportEntity)
        .set({
          progressDone: () => `progress_done + ${written.length + failed.length}`,
          written: () => `written + ${written.length}`,
          failed: () => `failed + ${failed.length}`,
        })
        .where('id = :importId', { importId })
        .execute();
    });
  }

  /** The first failed rows of an import (for its error). */
  failedRows(importId: number, limit: number): Promise<ImportRowEntity[]> {
    return this.dataSource.getRepository(ImportRowEntity).find({ where: { importId, outcome: 'failed' }, order: { rowNumber: 'ASC' }, take: limit });
  }

  /** The machines the import's machine rows wrote (a machines file, a restore's machines.csv): name and id. */
  writtenMachines(importId: number): Promise<{ name: string; id: number }[]> {
    return this.writtenMachinesIn(this.dataSource.getRepository(ImportRowEntity), importId);
  }

  private async writtenMachinesIn(rowsRepository: Repository<ImportRowEntity>, importId: number): Promise<{ name: string; id: number }[]> {
    const rows = await rowsRepository.find({
      where: { importId, kind: 'machine', outcome: 'written' },
      select: { targetId: true, record: true },
      order: { rowNumber: 'ASC' },
    });
    return rows
      .filter((r): r is ImportRowEntity & { targetId: number } => r.targetId !== null)
      .map((r) => ({ name: String((JSON.parse(r.record ?? '{}') as { name?: unknown }).name ?? ''), id: r.targetId }));
  }

  /** Export id -> written id of the import's rows of one kind (a restore's suppliers or parts). */
  async writtenRefs(importId: number, kind: string): Promise<Map<string, number>> {
    return this.writtenByExportId(importId, kind, (row) => row.targetId);
  }

  /** Export id -> written id and date of a restore's service records (its schedules' completions name them). */
  async writtenServiceRecords(importId: number): Promise<Map<string, RestoredCompletion>> {
    return this.writtenByExportId(importId, 'service', (row) => ({
      serviceRecordId: row.targetId,
      date: String((JSON.parse(row.record ?? '{}') as { serviceDate?: unknown }).serviceDate),
    }));
  }

  /** The written rows of one kind by their export id (the first of each), as `value` makes them. */
  private async writtenByExportId<T>(importId: number, kind: string, value: (row: ImportRowEntity & { targetId: number }) => T): Promise<Map<string, T>> {
    const rows = await this.dataSource.getRepository(ImportRowEntity).find({
      where: { importId, kind, outcome: 'written' },
      select: { targetId: true, record: true },
      order: { rowNumber: 'ASC' },
    });
    const out = new Map<string, T>();
    for (const row of rows) {
      const id = exportIdOf(row.record);
      if (id !== undefined && row.targetId !== null && !out.has(id)) {
        out.set(id, value(row as ImportRowEntity & { targetId: number }));
      }
    }
    return out;
  }

  /** After a rollback or revert, the written rows are no longer written. */
  async unmarkWritten(importId: number): Promise<void> {
    await this.dataSource.getRepository(ImportRowEntity).update({ importId, outcome: In(['written']) }, { outcome: 'reverted' });
  }

  /** Imports that ended (done, failed, reverted) before `cutoff` and still have their file and rows, oldest first. */
  endedBefore(cutoff: Date, limit: number): Promise<ImportEntity[]> {
    return this.imports.find({
      where: { state: In(['done', 'failed', 'reverted']), reverting: false, purgedAt: IsNull(), finishedAt: LessThan(cutoff) },
      order: { finishedAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /**
   * Retention of an ended import: its rows go, the machines its machine rows wrote are kept on the
   * import (Revert needs them), and `purged_at` is set, in one transaction and only while no revert
   * is under way (a revert asked meanwhile: the next pass). Answers false when it did nothing.
   */
  async purgeRows(id: number, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const machines = (await this.writtenMachinesIn(tx.getRepository(ImportRowEntity), id)).map((m) => m.id);
      const claimed = await tx
        .createQueryBuilder()
        .update(ImportEntity)
        .set({ purgedAt: now, rowMachineIds: machines.length > 0 ? JSON.stringify(machines) : null })
        .where('id = :id AND reverting = :no AND purged_at IS NULL AND state IN (:...ended)', { id, no: false, ended: ['done', 'failed', 'reverted'] })
        .execute();
      if (!claimed.affected) {
        return false;
      }
      await tx.delete(ImportRowEntity, { importId: id });
      await tx.delete(ImportPhotoEntity, { importId: id });
      return true;
    });
  }

  /** Imports never committed (uploaded or validated) created before `cutoff`. */
  uncommittedBefore(cutoff: Date, limit: number): Promise<ImportEntity[]> {
    return this.imports.find({ where: { state: In(['uploaded', 'validated']), createdAt: LessThan(cutoff) }, order: { id: 'ASC' }, take: limit });
  }

  /** Deletes a never-committed import with its rows, only while it is still uploaded or validated (a commit meanwhile wins). */
  async deleteUncommitted(id: number): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const deleted = await tx
        .createQueryBuilder()
        .delete()
        .from(ImportEntity)
        .where('id = :id AND state IN (:...open)', { id, open: ['uploaded', 'validated'] })
        .execute();
      if (!deleted.affected) {
        return false;
      }
      await tx.delete(ImportRowEntity, { importId: id });
      await tx.delete(ImportMachineEntity, { importId: id });
      await tx.delete(ImportPhotoEntity, { importId: id });
      return true;
    });
  }

  /**
   * Takes the named lease until `until` when it is free (never taken, or run out): of several
   * replicas one gets it. It is not given back: it runs out when the next pass is due.
   */
  async takeNamedLease(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
    const leases = this.dataSource.getRepository(ImportLeaseEntity);
    await leases
      .createQueryBuilder()
      .insert()
      .values({ name, holder: null, expiresAt: new Date(0) })
      .orIgnore()
      .execute();
    const taken = await leases
      .createQueryBuilder()
      .update()
      .set({ holder, expiresAt: until })
      .where('name = :name AND expires_at <= :now', { name, now })
      .execute();
    return (taken.affected ?? 0) > 0;
  }
}
