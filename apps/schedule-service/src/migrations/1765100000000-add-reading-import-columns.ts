import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 23: the import a reading came from (LubeLogger's odometer file), so Revert is exact and a redelivered batch writes nothing twice. */
export class AddReadingImportColumns1765100000000 implements MigrationInterface {
  name = 'AddReadingImportColumns1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('meter_readings', new TableColumn({ name: 'import_id', type: t.integer, isNullable: true }));
    await queryRunner.addColumn('meter_readings', new TableColumn({ name: 'import_row', type: t.integer, isNullable: true }));
    await queryRunner.createIndex(
      'meter_readings',
      new TableIndex({ name: 'uq_meter_readings_import_row', columnNames: ['import_id', 'import_row'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('meter_readings', 'uq_meter_readings_import_row');
    await queryRunner.dropColumn('meter_readings', 'import_row');
    await queryRunner.dropColumn('meter_readings', 'import_id');
  }
}
