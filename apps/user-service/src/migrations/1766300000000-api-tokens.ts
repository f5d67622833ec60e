import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Personal API tokens (issue 33): one row per token (only its SHA-256 kept, its first characters
 * shown), and the per-minute request counts the gateway replicas report, so the rate limit holds
 * across them. Written to run again safely, on both engines.
 */
export class ApiTokens1766300000000 implements MigrationInterface {
  name = 'ApiTokens1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'api_tokens',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'user_id', type: t.integer },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'prefix', type: 'varchar', length: '16' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'scopes', type: 'varchar', length: '32' },
          { name: 'machine_ids', type: t.text, isNullable: true },
          { name: 'created_at', type: t.timestamp },
          { name: 'expires_at', type: t.timestamp },
          { name: 'revoked_at', type: t.timestamp, isNullable: true },
          { name: 'last_used_at', type: t.timestamp, isNullable: true },
          { name: 'last_used_ip', type: 'varchar', length: '64', isNullable: true },
        ],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
      true,
    );
    const indices = (await queryRunner.getTable('api_tokens'))?.indices ?? [];
    if (!indices.some((i) => i.name === 'idx_api_tokens_member')) {
      await queryRunner.createIndex('api_tokens', new TableIndex({ name: 'idx_api_tokens_member', columnNames: ['account_id', 'user_id'] }));
    }
    if (!indices.some((i) => i.name === 'idx_api_tokens_revoked')) {
      await queryRunner.createIndex('api_tokens', new TableIndex({ name: 'idx_api_tokens_revoked', columnNames: ['revoked_at'] }));
    }
    await queryRunner.createTable(
      new Table({
        name: 'api_token_usage',
        columns: [
          { name: 'token_id', type: t.integer, isPrimary: true },
          { name: 'window_start', type: t.integer, isPrimary: true },
          { name: 'count', type: t.integer },
        ],
      }),
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('api_token_usage', true);
    await queryRunner.dropTable('api_tokens', true);
  }
}
