import { portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Accounts and memberships (issue 32). Every user already there gets their own account, with their
 * user id as its id and named after the "Account Name" they signed up with, and is its owner: so the
 * other services move their rows from owner user to account by copying the id. Written to run again
 * safely (tables and rows only where missing), on both engines.
 */
export class Accounts1766000000000 implements MigrationInterface {
  name = 'Accounts1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [
          { name: 'id', type: t.integer, isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'memberships',
        columns: [
          { name: 'account_id', type: t.integer, isPrimary: true },
          { name: 'user_id', type: t.integer, isPrimary: true },
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'joined_at', type: t.timestamp },
        ],
        foreignKeys: [
          { columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
      true,
    );
    if (!(await queryRunner.getTable('memberships'))?.indices.some((i) => i.name === 'idx_memberships_user')) {
      await queryRunner.createIndex('memberships', new TableIndex({ name: 'idx_memberships_user', columnNames: ['user_id'] }));
    }
    await queryRunner.query(
      'INSERT INTO accounts (id, name, created_at) SELECT u.id, u.name, u.create_date FROM users u WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = u.id)',
    );
    await queryRunner.query(
      `INSERT INTO memberships (account_id, user_id, role, joined_at) SELECT u.id, u.id, 'owner', u.create_date FROM users u
       WHERE NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('memberships');
    await queryRunner.dropTable('accounts');
  }
}
