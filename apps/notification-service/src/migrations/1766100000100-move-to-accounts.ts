import { moveTableToAccount, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions, type TableIndexOptions } from 'typeorm';

type Types = ReturnType<typeof portableTypes>;

const ACCOUNT_TABLES = ['webhooks', 'webhook_deliveries', 'seen_records', 'schedule_states', 'known_machines', 'part_stock_states'];
/** The per-member tables whose primary key was the user: their other columns (as created) and index. */
const KEYED: Record<string, { columns: (t: Types) => TableColumnOptions[]; index?: TableIndexOptions }> = {
  notification_preferences: {
    columns: (t) => [
      { name: 'digest_time', type: 'varchar', length: '5' },
      { name: 'time_zone', type: 'varchar', length: '64' },
      { name: 'kinds', type: t.text },
      { name: 'updated_at', type: t.timestamp },
    ],
  },
  calendar_tokens: {
    columns: (t) => [
      { name: 'token_hash', type: 'varchar', length: '64' },
      { name: 'created_at', type: t.timestamp },
    ],
    index: { name: 'uq_calendar_tokens_hash', columnNames: ['token_hash'], isUnique: true },
  },
};
/** The per-member tables with an id of their own: they gain a user_id column. */
const UNKEYED = ['digests', 'weekly_reports', 'push_subscriptions'];
const PER_MEMBER = [...Object.keys(KEYED), ...UNKEYED];
const columnsOf = (t: Types, table: string): string =>
  KEYED[table]
    .columns(t)
    .map((c) => `"${c.name}"`)
    .join(', ');

/**
 * Issue 32: every row moves from its owner user to their account (the same id, see
 * docs/accounts.md). Webhooks are the account's (with who added them); notifications are the
 * account's, read per member (`notification_reads`); the per-person tables (preferences, digests,
 * weekly reports, push subscriptions, calendar tokens) are keyed by (account, member) and keep the
 * person in `user_id` (= the account's id for every row made before accounts).
 */
export class MoveToAccounts1766100000100 implements MigrationInterface {
  name = 'MoveToAccounts1766100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    for (const table of ACCOUNT_TABLES) {
      // Webhooks are things members add (createdBy); the others are deliveries and projections.
      await moveTableToAccount(queryRunner, table, { audit: table === 'webhooks' });
    }

    // Notifications: the account's. `user_id` names the one member a personal notification is for
    // (a weekly report, whose figures depend on the member's role), null for the whole account.
    await moveTableToAccount(queryRunner, 'notifications', { audit: false });
    // Plain SQL after the renames: TypeORM's table API would work from the table as it was before them.
    if (!(await queryRunner.hasColumn('notifications', 'user_id'))) {
      await queryRunner.query(`ALTER TABLE "notifications" ADD COLUMN "user_id" integer NULL`);
      await queryRunner.query(`UPDATE "notifications" SET "user_id" = "account_id" WHERE "kind" = 'weekly_report'`);
    }
    if (!(await queryRunner.hasTable('notification_reads'))) {
      await queryRunner.createTable(
        new Table({
          name: 'notification_reads',
          columns: [
            { name: 'notification_id', type: t.integer, isPrimary: true },
            { name: 'user_id', type: t.integer, isPrimary: true },
            { name: 'read_at', type: t.timestamp },
          ],
        }),
      );
      // The owner's read state moves here; `notifications.read_at` is no longer read or written.
      await queryRunner.query(
        `INSERT INTO "notification_reads" ("notification_id", "user_id", "read_at") SELECT "id", "account_id", "read_at" FROM "notifications" WHERE "read_at" IS NOT NULL`,
      );
    }

    for (const table of PER_MEMBER) {
      await moveTableToAccount(queryRunner, table, { audit: false });
    }
    // Keyed by the member now: SQLite cannot change a primary key, so these two small tables are
    // copied into their new shape (every row its owner's: user_id = account_id).
    for (const table of Object.keys(KEYED)) {
      if (!(await queryRunner.hasColumn(table, 'user_id'))) {
        await this.rekey(queryRunner, table, ['account_id', 'user_id'], `SELECT "account_id", "account_id", ${columnsOf(t, table)} FROM "${table}"`);
      }
    }
    for (const table of UNKEYED) {
      if (!(await queryRunner.hasColumn(table, 'user_id'))) {
        await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "user_id" integer NOT NULL DEFAULT 0`);
        await queryRunner.query(`UPDATE "${table}" SET "user_id" = "account_id"`);
      }
    }
    // One digest a day and one weekly report a week per member of each account.
    await this.replaceUnique(queryRunner, 'digests', 'uq_digests_user_date', 'uq_digests_member_date', ['account_id', 'user_id', 'local_date']);
    await this.replaceUnique(queryRunner, 'weekly_reports', 'uq_weekly_reports_user_from', 'uq_weekly_reports_member_from', [
      'account_id',
      'user_id',
      'period_from',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    // Back to one owner per row: only the rows of each account's owner of record keep their meaning.
    for (const table of PER_MEMBER) {
      await queryRunner.query(`DELETE FROM "${table}" WHERE "user_id" <> "account_id"`);
    }
    await queryRunner.query(`DELETE FROM "notifications" WHERE "user_id" <> "account_id"`);
    await this.replaceUnique(queryRunner, 'weekly_reports', 'uq_weekly_reports_member_from', 'uq_weekly_reports_user_from', ['account_id', 'period_from']);
    await this.replaceUnique(queryRunner, 'digests', 'uq_digests_member_date', 'uq_digests_user_date', ['account_id', 'local_date']);
    for (const table of Object.keys(KEYED)) {
      await this.rekey(queryRunner, table, ['user_id'], `SELECT "account_id", ${columnsOf(t, table)} FROM "${table}"`);
    }
    for (const table of UNKEYED) {
      await queryRunner.dropColumn((await queryRunner.getTable(table))!, 'user_id');
    }
    await queryRunner.dropTable('notification_reads', true);
    await queryRunner.dropColumn((await queryRunner.getTable('notifications'))!, 'user_id');
    await queryRunner.dropColumns((await queryRunner.getTable('webhooks'))!, ['created_by', 'updated_by']);
    for (const table of [...ACCOUNT_TABLES, 'notifications', ...UNKEYED]) {
      await queryRunner.query(`ALTER TABLE "${table}" RENAME COLUMN "account_id" TO "user_id"`);
    }
  }

  /** Copies a KEYED table into one of the same columns with this primary key, from `select`. */
  private async rekey(queryRunner: QueryRunner, table: string, key: string[], select: string): Promise<void> {
    const t = portableTypes(queryRunner);
    const { columns, index } = KEYED[table];
    const next = `${table}_rekeyed`;
    const keyColumns = key.map((name) => ({ name, type: t.integer, isPrimary: true }));
    await queryRunner.createTable(new Table({ name: next, columns: [...keyColumns, ...columns(t)] }));
    await queryRunner.query(`INSERT INTO "${next}" (${[...key.map((k) => `"${k}"`), columnsOf(t, table)].join(', ')}) ${select}`);
    await queryRunner.dropTable(table);
    await queryRunner.renameTable(next, table);
    if (index) {
      await queryRunner.createIndex(table, new TableIndex(index));
    }
  }

  private async replaceUnique(queryRunner: QueryRunner, table: string, from: string, to: string, columnNames: string[]): Promise<void> {
    const found = (await queryRunner.getTable(table))!;
    const old = found.indices.find((i) => i.name === from);
    if (old) {
      await queryRunner.dropIndex(found, old);
    }
    if (!found.indices.some((i) => i.name === to)) {
      await queryRunner.createIndex(found, new TableIndex({ name: to, columnNames, isUnique: true }));
    }
  }
}
