import { portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 35: the issues reported in each account, for the daily digest (work.issue.created). Stored
 * preferences need no migration for the new `work` kind: a saved row without it reads its default.
 */
export class CreateIssueReports1767600000000 implements MigrationInterface {
  name = 'CreateIssueReports1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'issue_reports',
        columns: [
          { name: 'issue_id', type: t.integer, isPrimary: true },
          { name: 'account_id', type: t.integer },
          { name: 'machine_id', type: t.integer },
          { name: 'machine_name', type: 'varchar', length: '200' },
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'priority', type: 'varchar', length: '10' },
          { name: 'reported_by', type: t.integer },
          { name: 'reported_at', type: t.timestamp },
        ],
      }),
    );
    // The digest reads an account's reports since a member's last digest.
    await queryRunner.createIndex('issue_reports', new TableIndex({ name: 'idx_issue_reports_account_at', columnNames: ['account_id', 'reported_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('issue_reports');
  }
}
