import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The order the job writes an import's rows in (issue 36): oldest first, fills of one instant by
 * odometer (`libs/importers` rows/write-order.ts), not the file's newest-first order. Rows stored
 * before it keep their file order.
 */
export class AddImportWriteOrder1765400000000 implements MigrationInterface {
  name = 'AddImportWriteOrder1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('import_rows', new TableColumn({ name: 'write_order', type: t.integer, default: 0 }));
    await queryRunner.query('UPDATE import_rows SET write_order = row_number');
    await queryRunner.createIndex('import_rows', new TableIndex({ name: 'idx_import_rows_write_order', columnNames: ['import_id', 'outcome', 'write_order'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('import_rows', 'idx_import_rows_write_order');
    await queryRunner.dropColumn('import_rows', 'write_order');
  }
}
