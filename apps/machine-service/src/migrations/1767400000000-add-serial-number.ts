import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: heavy equipment has a serial number (PIN), not a VIN; a meter batch names a machine by
 * either. Optional, so existing machines simply have none. Plain ALTER TABLE (valid on SQLite and
 * PostgreSQL): QueryRunner.addColumn on SQLite rebuilds the table from a column list cached before
 * the accounts migration renamed user_id, and fails.
 */
export class AddSerialNumber1767400000000 implements MigrationInterface {
  name = 'AddSerialNumber1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE machines ADD COLUMN serial_number varchar(32) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE machines DROP COLUMN serial_number');
  }
}
