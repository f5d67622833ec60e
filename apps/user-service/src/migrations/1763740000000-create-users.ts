import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateUsers1763740000000 implements MigrationInterface {
  name = 'CreateUsers1763740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          idColumn,
          { name: 'username', type: 'varchar', length: '254', isUnique: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'password_hash', type: 'varchar', length: '255', isNullable: true },
          { name: 'admin_level', type: t.integer, default: 0 },
          { name: 'enabled', type: t.boolean, default: false },
          { name: 'user_self_description', type: t.text, isNullable: true },
          { name: 'create_date', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('users', new TableIndex({ name: 'idx_users_create_date', columnNames: ['create_date'] }));
    await queryRunner.createTable(
      new Table({
        name: 'refresh_tokens',
        columns: [
          idColumn,
          { name: 'family_id', type: 'varchar', length: '36' },
          { name: 'user_id', type: t.integer },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'created_at', type: t.timestamp },
          { name: 'expires_at', type: t.timestamp },
          { name: 'used_at', type: t.timestamp, isNullable: true },
          { name: 'revoked_at', type: t.timestamp, isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('refresh_tokens', new TableIndex({ name: 'idx_refresh_tokens_family', columnNames: ['family_id'] }));
    await queryRunner.createIndex('refresh_tokens', new TableIndex({ name: 'idx_refresh_tokens_user', columnNames: ['user_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('refresh_tokens');
    await queryRunner.dropTable('users');
  }
}
