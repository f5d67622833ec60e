import { moveTableToAccount } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: every row moves from its owner user to the account (the same id for every account made
 * before accounts could be created). Readings and schedules gain who added and last changed them;
 * the projections and what hangs off a meter or schedule keep only their account.
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['meter_readings', 'schedules']) {
      await moveTableToAccount(queryRunner, table, { audit: true });
    }
    for (const table of ['known_machines', 'known_records', 'meters', 'meter_segments', 'schedule_completions']) {
      await moveTableToAccount(queryRunner, table, { audit: false });
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['meter_readings', 'schedules']) {
      await queryRunner.dropColumn(table, 'updated_by');
      await queryRunner.dropColumn(table, 'created_by');
    }
    for (const table of ['known_machines', 'known_records', 'meters', 'meter_segments', 'schedule_completions', 'meter_readings', 'schedules']) {
      await queryRunner.renameColumn(table, 'account_id', 'user_id');
    }
  }
}
