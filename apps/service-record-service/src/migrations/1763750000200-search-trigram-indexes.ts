import { portableTypes } from '@wrenchlog/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The services-list search (`LIKE '%text%'` on search_text or machine_key, always with the owner)
 * through trigram GIN indexes on PostgreSQL, so a search does not read every row of a large
 * account. user_id is part of each index (btree_gin) so one index scan answers "this owner's rows
 * containing the text". Both extensions are trusted (PostgreSQL 13+): a database owner may create
 * them. SQLite keeps its plain LIKE over the owner's rows (the owner index bounds the scan).
 */
export class SearchTrigramIndexes1763750000200 implements MigrationInterface {
  name = 'SearchTrigramIndexes1763750000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!portableTypes(queryRunner).postgres) {
      return;
    }
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS btree_gin');
    await queryRunner.query('CREATE INDEX idx_service_records_user_search ON service_records USING gin (user_id, search_text gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX idx_service_records_user_machine_search ON service_records USING gin (user_id, machine_key gin_trgm_ops)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!portableTypes(queryRunner).postgres) {
      return;
    }
    await queryRunner.query('DROP INDEX IF EXISTS idx_service_records_user_machine_search');
    await queryRunner.query('DROP INDEX IF EXISTS idx_service_records_user_search');
  }
}
