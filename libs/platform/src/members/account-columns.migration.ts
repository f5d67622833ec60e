import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { portableTypes } from '../database/portable-types.js';

/**
 * Moves one table's rows from their owner user to their account (issue 32): `user_id` becomes
 * `account_id` (the same numbers: every account made before accounts could be created has its
 * first owner's user id) and, with `audit`, the table gains `created_by` and `updated_by`, the
 * person behind the row, which before accounts was the owner. Idempotent on both engines, and one
 * statement per step whatever the table's size (no copy of the table).
 */
export async function moveTableToAccount(queryRunner: QueryRunner, table: string, options: { audit: boolean }): Promise<void> {
  if (!(await queryRunner.hasTable(table))) {
    return;
  }
  const q = (name: string) => `"${name}"`;
  if ((await queryRunner.hasColumn(table, 'user_id')) && !(await queryRunner.hasColumn(table, 'account_id'))) {
    await queryRunner.query(`ALTER TABLE ${q(table)} RENAME COLUMN "user_id" TO "account_id"`);
  }
  if (!options.audit) {
    return;
  }
  for (const column of ['created_by', 'updated_by']) {
    if (!(await queryRunner.hasColumn(table, column))) {
      await queryRunner.query(`ALTER TABLE ${q(table)} ADD COLUMN "${column}" integer NULL`);
    }
  }
  await queryRunner.query(`UPDATE ${q(table)} SET "created_by" = "account_id" WHERE "created_by" IS NULL`);
}

/** The `account_members` projection (AccountMemberEntity); add it to a service's migrations with MembersModule. */
export class CreateAccountMembers1766100000000 implements MigrationInterface {
  name = 'CreateAccountMembers1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'account_members',
        columns: [
          { name: 'account_id', type: t.integer, isPrimary: true },
          { name: 'user_id', type: t.integer, isPrimary: true },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'machine_ids', type: t.text, isNullable: true },
          { name: 'removed', type: t.boolean, default: false },
          { name: 'updated_at', type: t.timestamp },
        ],
      }),
      true,
    );
    await queryRunner.createIndex('account_members', new TableIndex({ name: 'idx_account_members_user', columnNames: ['user_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_members', true);
  }
}

/** `account_members.time_zone` (issue 34's preference, carried by account.member.saved); part of MEMBERS_MIGRATIONS. */
export class AddAccountMemberTimeZone1767200000000 implements MigrationInterface {
  name = 'AddAccountMemberTimeZone1767200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!(await queryRunner.hasColumn('account_members', 'time_zone'))) {
      await queryRunner.addColumn('account_members', new TableColumn({ name: 'time_zone', type: 'varchar', length: '64', isNullable: true }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('account_members', 'time_zone');
  }
}
