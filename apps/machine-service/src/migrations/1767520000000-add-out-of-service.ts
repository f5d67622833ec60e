import { portableTypes } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: a machine held Down by out-of-service issues remembers the status it returns to, and the
 * `at` of the last work.machine.outOfService applied. Plain ALTER TABLE (see AddSerialNumber).
 */
export class AddOutOfService1767520000000 implements MigrationInterface {
  name = 'AddOutOfService1767520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { timestamp } = portableTypes(queryRunner);
    await queryRunner.query('ALTER TABLE machines ADD COLUMN held_down boolean NOT NULL DEFAULT false');
    await queryRunner.query('ALTER TABLE machines ADD COLUMN status_after_down varchar(60) NULL');
    await queryRunner.query(`ALTER TABLE machines ADD COLUMN held_down_at ${timestamp} NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['held_down_at', 'status_after_down', 'held_down']) {
      await queryRunner.query(`ALTER TABLE machines DROP COLUMN ${column}`);
    }
  }
}
