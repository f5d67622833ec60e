import type { Actor } from '@wrenchlog/contracts';
import type { ServiceUnderTest } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { ImportRowEntity } from '../src/imports/import-row.entity.js';
import { ImportEntity } from '../src/imports/import.entity.js';
import { ImportsRepository } from '../src/imports/imports.repository.js';

/** A fuel row's record as the dry run stores it (machine 1, day `day` of January 2024). */
export const fuelRecord = (day: number) => JSON.stringify({ machineId: 1, dateOfPurchase: `2024-01-0${day}`, amount: 10, totalPrice: 15 });

/**
 * A validated import of fuel rows (machine 1), uploaded by `by` in their account, as the dry run
 * leaves it: `rows` are its rows (their import id is filled in), `counts` the dry run's.
 */
export async function validatedFuelImport(
  svc: ServiceUnderTest,
  by: Actor,
  name: string,
  rows: Omit<Partial<ImportRowEntity>, 'importId'>[],
  counts: { valid: number; warnings: number; errors: number },
): Promise<ImportEntity> {
  const entity = await svc.get(ImportsRepository).save(
    Object.assign(new ImportEntity(), {
      accountId: by.accountId,
      createdBy: by.userId,
      updatedBy: null,
      source: 'generic-fuel',
      fileName: `${name}.csv`,
      objectKey: `imports/u${by.accountId}/${name}.csv`,
      byteSize: 10,
      detected: '{}',
      mapping: null,
      machineId: 1,
      machineColumn: null,
      utcOffsetMinutes: 0,
      state: 'validated',
      counts: JSON.stringify(counts),
      rowTotal: rows.length,
      createdAt: new Date(),
    }),
  );
  await svc
    .get(DataSource)
    .getRepository(ImportRowEntity)
    .insert(rows.map((row) => ({ ...row, importId: entity.id })));
  return entity;
}
