import { moveTableToAccount } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: machines and their photos belong to an account (its id is the owner's user id, so the
 * rows keep their numbers); a machine also names who created and last changed it. Photos show no
 * person, so they only move. The indexes named after user_id keep their names.
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await moveTableToAccount(queryRunner, 'machines', { audit: true });
    await moveTableToAccount(queryRunner, 'machine_photos', { audit: false });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "machine_photos" RENAME COLUMN "account_id" TO "user_id"');
    await queryRunner.query('ALTER TABLE "machines" DROP COLUMN "updated_by"');
    await queryRunner.query('ALTER TABLE "machines" DROP COLUMN "created_by"');
    await queryRunner.query('ALTER TABLE "machines" RENAME COLUMN "account_id" TO "user_id"');
  }
}
