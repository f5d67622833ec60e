import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: the job template (an id of work-order-service) a schedule's work orders start from.
 * Plain SQL that both engines take, as 1767100000000 does (TypeORM's addColumn rebuilds a SQLite
 * table from what it read earlier in the run).
 */
export class AddScheduleJobTemplate1767600000000 implements MigrationInterface {
  name = 'AddScheduleJobTemplate1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "schedules" ADD COLUMN "job_template_id" integer NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "schedules" DROP COLUMN "job_template_id"');
  }
}
