import { moveTableToAccount } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model's tables: each is a projection of other services' records, so they only change
 * owner (no created_by / updated_by: reports name nobody). `report_users` stays keyed by the
 * person: a time zone is a person's setting.
 */
const PROJECTIONS = ['report_machines', 'report_records', 'report_monthly', 'report_readings', 'report_versions'];

/**
 * Issue 32: every row of the read model moves from its owner user to the account (`user_id` ->
 * `account_id`, the same numbers: an account made before accounts could be created has its owner's
 * user id). Idempotent; the indexes and primary keys keep their user_id names and follow the
 * renamed column on both engines.
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of PROJECTIONS) {
      await moveTableToAccount(queryRunner, table, { audit: false });
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of PROJECTIONS) {
      if (await queryRunner.hasColumn(table, 'account_id')) {
        await queryRunner.query(`ALTER TABLE "${table}" RENAME COLUMN "account_id" TO "user_id"`);
      }
    }
  }
}
