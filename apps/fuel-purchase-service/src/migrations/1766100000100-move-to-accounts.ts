import { moveTableToAccount } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of things members add and answers show: they gain created_by / updated_by. */
const AUDITED = ['fuel_records', 'purchases', 'parts', 'suppliers'];
/** The machine projection only changes owner: a machine belongs to an account. */
const PROJECTIONS = ['known_machines'];

/**
 * Issue 32: every row moves from its owner user to the account (`user_id` -> `account_id`, the same
 * numbers: an account made before accounts could be created has its owner's user id). Idempotent;
 * the indexes keep their user_id names and follow the renamed column on both engines.
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of AUDITED) {
      await moveTableToAccount(queryRunner, table, { audit: true });
    }
    for (const table of PROJECTIONS) {
      await moveTableToAccount(queryRunner, table, { audit: false });
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...AUDITED, ...PROJECTIONS]) {
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
