import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's order as an index (issue 20): SQLite sorted a user's machines for every dashboard
 * call, half the statement's time. SQLite's DESC already puts NULLs last (it has no NULLS in an
 * index); PostgreSQL must be told. It serves the old (user_id, last_serviced_date) index's reads too.
 */
export class IndexRecentlyServiced1764300000000 implements MigrationInterface {
  name = 'IndexRecentlyServiced1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const nullsLast = queryRunner.connection.options.type === 'postgres' ? ' NULLS LAST' : '';
    await queryRunner.query(
      `CREATE INDEX "idx_machines_user_recent" ON "machines" ("user_id", "archived", "last_serviced_date" DESC${nullsLast}, "last_updated" DESC, "id" DESC)`,
    );
    await queryRunner.dropIndex('machines', 'idx_machines_user_last_serviced');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX "idx_machines_user_last_serviced" ON "machines" ("user_id", "last_serviced_date")');
    await queryRunner.query('DROP INDEX "idx_machines_user_recent"');
  }
}
