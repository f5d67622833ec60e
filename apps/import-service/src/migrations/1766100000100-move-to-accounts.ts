import { moveTableToAccount } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Imports and exports are per account, and their answers name who started and last changed them. */
const AUDITED = ['imports', 'exports'];

/**
 * Issue 32: every import and export moves from its owner user to the account (`user_id` ->
 * `account_id`, the same numbers: an account made before accounts could be created has its owner's
 * user id), and gains created_by / updated_by (the owner, before accounts). Idempotent; the indexes
 * keep their user_id names and follow the renamed column on both engines.
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of AUDITED) {
      await moveTableToAccount(queryRunner, table, { audit: true });
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of AUDITED) {
      for (const column of ['updated_by', 'created_by']) {
        if (await queryRunner.hasColumn(table, column)) {
          await queryRunner.dropColumn(table, column);
        }
      }
      if (await queryRunner.hasColumn(table, 'account_id')) {
        await queryRunner.query(`ALTER TABLE "${table}" RENAME COLUMN "account_id" TO "user_id"`);
      }
    }
  }
}
