import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 33: heavy equipment has a serial number (PIN), not a VIN; a meter batch names a machine by
 * either. Optional, so existing machines simply have none.
 */
export class AddSerialNumber1767400000000 implements MigrationInterface {
  name = 'AddSerialNumber1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('machines', new TableColumn({ name: 'serial_number', type: 'varchar', length: '32', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('machines', 'serial_number');
  }
}
