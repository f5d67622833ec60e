import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38: the reading whose conflict left a reading void (out of sequence on arrival, or a machine
 * field's value a record's dated reading overrode); null for a reading voided by hand. When that
 * reading is voided or deleted, the readings void because of it are placed again.
 * Plain SQL that both engines take: TypeORM's addColumn rebuilds a SQLite table from the table it
 * read earlier in the run, which still had `user_id` after 1766100000100-move-to-accounts renamed it.
 */
export class AddReadingVoidedBy1767100000000 implements MigrationInterface {
  name = 'AddReadingVoidedBy1767100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "meter_readings" ADD COLUMN "voided_by" integer NULL');
    await queryRunner.query('CREATE INDEX "ix_meter_readings_voided_by" ON "meter_readings" ("voided_by")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "ix_meter_readings_voided_by"');
    await queryRunner.query('ALTER TABLE "meter_readings" DROP COLUMN "voided_by"');
  }
}
