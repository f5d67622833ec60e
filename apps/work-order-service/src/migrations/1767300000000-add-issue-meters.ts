import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 35: the meter values a reporter gives with an issue (odometer, hour meter), both optional. */
export class AddIssueMeters1767300000000 implements MigrationInterface {
  name = 'AddIssueMeters1767300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const double = 'double precision';
    await queryRunner.addColumn('issues', new TableColumn({ name: 'meter_distance', type: double, isNullable: true }));
    await queryRunner.addColumn('issues', new TableColumn({ name: 'meter_hours', type: double, isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('issues', 'meter_hours');
    await queryRunner.dropColumn('issues', 'meter_distance');
  }
}
