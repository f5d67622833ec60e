import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 18: single-use set-password links (approval and forgotten password), stored as hashes. */
export class PasswordTokens1763760000000 implements MigrationInterface {
  name = 'PasswordTokens1763760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'password_tokens',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'purpose', type: 'varchar', length: '16' },
          { name: 'created_at', type: t.timestamp },
          { name: 'expires_at', type: t.timestamp },
          { name: 'used_at', type: t.timestamp, isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('password_tokens', new TableIndex({ name: 'idx_password_tokens_user', columnNames: ['user_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('password_tokens');
  }
}
