import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 23: the restore a schedule came from, so Revert is exact and a redelivered batch writes nothing twice. */
export class AddScheduleImportColumns1765300000000 implements MigrationInterface {
  name = 'AddScheduleImportColumns1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('schedules', new TableColumn({ name: 'import_id', type: t.integer, isNullable: true }));
    await queryRunner.addColumn('schedules', new TableColumn({ name: 'import_row', type: t.integer, isNullable: true }));
    await queryRunner.createIndex('schedules', new TableIndex({ name: 'uq_schedules_import_row', columnNames: ['import_id', 'import_row'], isUnique: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('schedules', 'uq_schedules_import_row');
    await queryRunner.dropColumn('schedules', 'import_row');
    await queryRunner.dropColumn('schedules', 'import_id');
  }
}
