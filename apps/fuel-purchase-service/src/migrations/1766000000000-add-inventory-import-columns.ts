import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 23: the restore a supplier or part came from, so Revert is exact and a redelivered batch writes nothing twice. */
export class AddInventoryImportColumns1766000000000 implements MigrationInterface {
  name = 'AddInventoryImportColumns1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    for (const table of ['suppliers', 'parts']) {
      await queryRunner.addColumn(table, new TableColumn({ name: 'import_id', type: t.integer, isNullable: true }));
      await queryRunner.addColumn(table, new TableColumn({ name: 'import_row', type: t.integer, isNullable: true }));
      await queryRunner.createIndex(table, new TableIndex({ name: `uq_${table}_import_row`, columnNames: ['import_id', 'import_row'], isUnique: true }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['parts', 'suppliers']) {
      await queryRunner.dropIndex(table, `uq_${table}_import_row`);
      await queryRunner.dropColumn(table, 'import_row');
      await queryRunner.dropColumn(table, 'import_id');
    }
  }
}
