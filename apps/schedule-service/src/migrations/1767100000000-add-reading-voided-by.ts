import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 38: the reading whose conflict left a reading void (out of sequence on arrival, or a machine
 * field's value a record's dated reading overrode); null for a reading voided by hand. When that
 * reading is voided or deleted, the readings void because of it are placed again.
 */
export class AddReadingVoidedBy1767100000000 implements MigrationInterface {
  name = 'AddReadingVoidedBy1767100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('meter_readings', new TableColumn({ name: 'voided_by', type: t.integer, isNullable: true }));
    await queryRunner.createIndex('meter_readings', new TableIndex({ name: 'ix_meter_readings_voided_by', columnNames: ['voided_by'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('meter_readings', 'ix_meter_readings_voided_by');
    await queryRunner.dropColumn('meter_readings', 'voided_by');
  }
}
