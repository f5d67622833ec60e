import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Managing accounts (issue 32, step 4): invitations, each membership's assignment, last activity and
 * whether its ACCOUNT_MEMBER_SAVED went out (the startup backfill announces the rows without it), the
 * account a refresh token acts in, and the counter new account ids come from. The counter starts
 * above every account id and every user id taken now, so no new account's id is an existing
 * person's (the other services moved each user's rows to the account whose id is that user's).
 * Written to run again safely, on both engines.
 */
export class AccountManagement1766200000000 implements MigrationInterface {
  name = 'AccountManagement1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const addMissing = async (table: string, column: TableColumn) => {
      if (!(await queryRunner.getTable(table))?.findColumnByName(column.name)) {
        await queryRunner.addColumn(table, column);
      }
    };
    await addMissing('memberships', new TableColumn({ name: 'machine_ids', type: t.text, isNullable: true }));
    await addMissing('memberships', new TableColumn({ name: 'last_active_at', type: t.timestamp, isNullable: true }));
    await addMissing('memberships', new TableColumn({ name: 'announced_at', type: t.timestamp, isNullable: true }));
    await addMissing('refresh_tokens', new TableColumn({ name: 'account_id', type: t.integer, isNullable: true }));

    await queryRunner.createTable(
      new Table({
        name: 'invitations',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'machine_ids', type: t.text, isNullable: true },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'invited_by', type: t.integer, isNullable: true },
          { name: 'created_at', type: t.timestamp },
          { name: 'expires_at', type: t.timestamp },
          { name: 'used_at', type: t.timestamp, isNullable: true },
        ],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
      true,
    );
    if (!(await queryRunner.getTable('invitations'))?.indices.some((i) => i.name === 'idx_invitations_account')) {
      await queryRunner.createIndex('invitations', new TableIndex({ name: 'idx_invitations_account', columnNames: ['account_id', 'email'] }));
    }

    await queryRunner.createTable(
      new Table({
        name: 'account_id_counter',
        columns: [
          { name: 'id', type: t.integer, isPrimary: true },
          { name: 'last_id', type: t.integer },
        ],
      }),
      true,
    );
    await queryRunner.query(
      `INSERT INTO account_id_counter (id, last_id)
       SELECT 1, CASE WHEN a.m > u.m THEN a.m ELSE u.m END
       FROM (SELECT COALESCE(MAX(id), 0) AS m FROM accounts) a, (SELECT COALESCE(MAX(id), 0) AS m FROM users) u
       WHERE NOT EXISTS (SELECT 1 FROM account_id_counter)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_id_counter', true);
    await queryRunner.dropTable('invitations', true);
    await queryRunner.dropColumn('refresh_tokens', 'account_id');
    await queryRunner.dropColumn('memberships', 'announced_at');
    await queryRunner.dropColumn('memberships', 'last_active_at');
    await queryRunner.dropColumn('memberships', 'machine_ids');
  }
}
