import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImportRowStatus } from '@wrenchlog/contracts';
import type { ImportRow } from '@wrenchlog/importers';
import { DataSource, Repository } from 'typeorm';
import { ImportRowEntity } from './import-row.entity.js';
import { ImportEntity } from './import.entity.js';

const ROW_CHUNK = 200;

/** The SQL of imports and their rows; every read is scoped by the owner. */
@Injectable()
export class ImportsRepository {
  constructor(
    @InjectRepository(ImportEntity) private readonly imports: Repository<ImportEntity>,
    private readonly dataSource: DataSource,
  ) {}

  /** The caller's import, or null (another user's import is no different from a missing one). */
  findOwn(userId: number, id: number): Promise<ImportEntity | null> {
    return this.imports.findOneBy({ id, userId });
  }

  /** The caller's imports, newest first. */
  list(userId: number, page: number, size: number): Promise<[ImportEntity[], number]> {
    return this.imports.findAndCount({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, skip: page * size, take: size });
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
            status: row.status,
            messages: JSON.stringify(row.messages),
            record: row.record === undefined ? null : JSON.stringify(row.record),
            machineName: row.machine && 'name' in row.machine ? row.machine.name.slice(0, 200) : null,
            duplicateOf: row.duplicateOf ?? null,
          })),
        );
      }
      await tx.save(entity);
    });
  }

  async clearRows(entity: ImportEntity): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.delete(ImportRowEntity, { importId: entity.id });
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
}
