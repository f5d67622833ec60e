import { portableTypes } from '@wrenchlog/platform';
import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each user's read-model version (issue 22, the fleet report's p99): raised after every event that
 * report-service applies for the user, so a report computed at one version can be answered again
 * until the next. The row of user 0 is everyone's (raised by a rebuild).
 */
export class ReadModelVersions1764300000000 implements MigrationInterface {
  name = 'ReadModelVersions1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'report_versions',
        columns: [
          { name: 'user_id', type: t.integer, isPrimary: true },
          { name: 'version', type: t.integer, default: 0 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('report_versions');
  }
}
