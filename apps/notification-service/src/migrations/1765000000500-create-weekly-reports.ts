import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The weekly usage reports made (issue 24): one per user and week; when each machine was first heard of. */
export class CreateWeeklyReports1765000000500 implements MigrationInterface {
  name = 'CreateWeeklyReports1765000000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'weekly_reports',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'period_from', type: 'varchar', length: '10' },
          { name: 'period_to', type: 'varchar', length: '10' },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex(
      'weekly_reports',
      new TableIndex({ name: 'uq_weekly_reports_user_from', columnNames: ['user_id', 'period_from'], isUnique: true }),
    );
    // Null for the machines known before: they count as known for every week.
    await queryRunner.addColumn('known_machines', new TableColumn({ name: 'first_seen_at', type: t.timestamp, isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('known_machines', 'first_seen_at');
    await queryRunner.dropTable('weekly_reports');
  }
}
