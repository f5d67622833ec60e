import { moveTableToAccount } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: every row moves from its owner user to the account of the same id. Records gain who
 * created (backfilled: the owner) and last changed them; images and the machine projection only
 * change owner. Indexes keep their user_* names (they follow the renamed column on both engines).
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await moveTableToAccount(queryRunner, 'service_records', { audit: true });
    await moveTableToAccount(queryRunner, 'service_images', { audit: false });
    await moveTableToAccount(queryRunner, 'known_machines', { audit: false });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('service_records', 'updated_by');
    await queryRunner.dropColumn('service_records', 'created_by');
    for (const table of ['known_machines', 'service_images', 'service_records']) {
      await queryRunner.renameColumn(table, 'account_id', 'user_id');
    }
  }
}
