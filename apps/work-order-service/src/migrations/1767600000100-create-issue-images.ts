import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 35: photos of issues, kept as service-record images are (libs/owned-images). */
export class CreateIssueImages1767600000100 implements MigrationInterface {
  name = 'CreateIssueImages1767600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'issue_images',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'issue_id', type: t.integer },
          { name: 'machine_id', type: t.integer },
          { name: 'created_by', type: t.integer, isNullable: true },
          { name: 'updated_by', type: t.integer, isNullable: true },
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'original_key', type: 'varchar', length: '512', isUnique: true },
          { name: 'thumbnail_key', type: 'varchar', length: '512' },
          { name: 'content_type', type: 'varchar', length: '50' },
          { name: 'original_size', type: t.integer },
          { name: 'thumbnail_size', type: t.integer, isNullable: true },
          { name: 'state', type: 'varchar', length: '20' },
          { name: 'error', type: t.text, isNullable: true },
          { name: 'created_at', type: t.timestamp },
        ] as never,
      }),
      true,
    );
    await queryRunner.createIndex('issue_images', new TableIndex({ name: 'idx_issue_images_account_issue', columnNames: ['account_id', 'issue_id', 'id'] }));
    // The reconciler's scan of pending images (libs/owned-images).
    await queryRunner.createIndex('issue_images', new TableIndex({ name: 'idx_issue_images_state_created', columnNames: ['state', 'created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('issue_images', true);
  }
}
