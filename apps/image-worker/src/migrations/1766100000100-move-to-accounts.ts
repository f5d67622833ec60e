import { moveTableToAccount } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: the ledger's images, the documents and the tombstones belong to an account (its id is
 * the owner's user id, so the rows keep their numbers). Documents are records a member adds, so they
 * also name who created and last changed them; the rest are projections of other services' facts.
 * The indexes named after user_id keep their names.
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await moveTableToAccount(queryRunner, 'ledger_images', { audit: false });
    await moveTableToAccount(queryRunner, 'deleted_machines', { audit: false });
    await moveTableToAccount(queryRunner, 'documents', { audit: true });
    await moveTableToAccount(queryRunner, 'deleted_document_parents', { audit: false });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "updated_by"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "created_by"');
    for (const table of ['deleted_document_parents', 'documents', 'deleted_machines', 'ledger_images']) {
      await queryRunner.query(`ALTER TABLE "${table}" RENAME COLUMN "account_id" TO "user_id"`);
    }
  }
}
