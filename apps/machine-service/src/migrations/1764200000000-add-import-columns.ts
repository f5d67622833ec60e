import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23: the import that created a machine (a row of a machines file, or a name a records file
 * gave), so Revert is exact and a redelivered batch writes nothing twice. A machine created for a
 * name has no import_row (NULLs never collide in a unique index).
 */
export class AddImportColumns1764200000000 implements MigrationInterface {
  name = 'AddImportColumns1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('machines', new TableColumn({ name: 'import_id', type: t.integer, isNullable: true }));
    await queryRunner.addColumn('machines', new TableColumn({ name: 'import_row', type: t.integer, isNullable: true }));
    await queryRunner.createIndex('machines', new TableIndex({ name: 'uq_machines_import_row', columnNames: ['import_id', 'import_row'], isUnique: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('machines', 'uq_machines_import_row');
    await queryRunner.dropColumn('machines', 'import_row');
    await queryRunner.dropColumn('machines', 'import_id');
  }
}
