import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 23: the import a service record came from, so Revert is exact and a redelivered batch writes nothing twice. */
export class AddImportColumns1764200000000 implements MigrationInterface {
  name = 'AddImportColumns1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('service_records', new TableColumn({ name: 'import_id', type: t.integer, isNullable: true }));
    await queryRunner.addColumn('service_records', new TableColumn({ name: 'import_row', type: t.integer, isNullable: true }));
    await queryRunner.createIndex(
      'service_records',
      new TableIndex({ name: 'uq_service_records_import_row', columnNames: ['import_id', 'import_row'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('service_records', 'uq_service_records_import_row');
    await queryRunner.dropColumn('service_records', 'import_row');
    await queryRunner.dropColumn('service_records', 'import_id');
  }
}
