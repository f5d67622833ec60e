import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateNotifications1765000000000 implements MigrationInterface {
  name = 'CreateNotifications1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const table = async (name: string, columns: object[], indexes: [string, string[], boolean?][]) => {
      await queryRunner.createTable(new Table({ name, columns: columns as never }));
      for (const [index, columnNames, isUnique] of indexes) {
        await queryRunner.createIndex(name, new TableIndex({ name: index, columnNames, isUnique: isUnique ?? false }));
      }
    };
    await table(
      'notifications',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'kind', type: 'varchar', length: '30' },
        { name: 'title', type: t.text },
        { name: 'machine_id', type: t.integer, isNullable: true },
        { name: 'schedule_id', type: t.integer, isNullable: true },
        { name: 'link', type: 'varchar', length: '300' },
        // (schedule, status, cycle[, week]), the cycle named by when the status began: never twice.
        { name: 'dedupe_key', type: 'varchar', length: '200' },
        // Shown in the bell and list (the user's in-app channel when it was made).
        { name: 'in_app', type: t.boolean, default: true },
        { name: 'created_at', type: t.timestamp },
        { name: 'read_at', type: t.timestamp, isNullable: true },
      ],
      [
        ['uq_notifications_key', ['user_id', 'dedupe_key'], true],
        ['idx_notifications_user', ['user_id', 'in_app', 'created_at', 'id']],
        ['idx_notifications_created', ['created_at']],
      ],
    );
    await table(
      'notification_preferences',
      [
        { name: 'user_id', type: t.integer, isPrimary: true },
        { name: 'digest_time', type: 'varchar', length: '5' },
        { name: 'time_zone', type: 'varchar', length: '64' },
        // {maintenance: [...], lowStock: [...], weeklyReport: [...]} as JSON text.
        { name: 'kinds', type: t.text },
        { name: 'updated_at', type: t.timestamp },
      ],
      [],
    );
    await table(
      'schedule_states',
      [
        { name: 'schedule_id', type: t.integer, isPrimary: true },
        { name: 'user_id', type: t.integer },
        { name: 'machine_id', type: t.integer },
        { name: 'title', type: t.text },
        { name: 'status', type: 'varchar', length: '10', isNullable: true },
        { name: 'reason', type: t.text, isNullable: true },
        // Completions seen.
        { name: 'cycle', type: t.integer, default: 0 },
        { name: 'status_since', type: t.timestamp },
        // Weekly reminders already made while overdue (weeks since status_since).
        { name: 'reminder_weeks', type: t.integer, default: 0 },
        // The `at` of the event last applied: an older one changes nothing.
        { name: 'event_at', type: t.timestamp },
      ],
      [
        ['idx_schedule_states_user', ['user_id']],
        ['idx_schedule_states_status', ['status']],
      ],
    );
    await table(
      'known_machines',
      [
        { name: 'machine_id', type: t.integer, isPrimary: true },
        { name: 'user_id', type: t.integer },
        { name: 'name', type: t.text },
        { name: 'deleted', type: t.boolean, default: false },
        { name: 'updated_at', type: t.timestamp },
      ],
      [['idx_known_machines_user', ['user_id']]],
    );
    await table(
      'digests',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        // The user's local date: one digest a day.
        { name: 'local_date', type: 'varchar', length: '10' },
        { name: 'items', type: t.integer },
        { name: 'created_at', type: t.timestamp },
      ],
      [
        ['uq_digests_user_date', ['user_id', 'local_date'], true],
        ['idx_digests_user_created', ['user_id', 'created_at']],
      ],
    );
    await table(
      'scheduler_lease',
      [
        { name: 'name', type: 'varchar', length: '40', isPrimary: true },
        { name: 'holder', type: 'varchar', length: '64', isNullable: true },
        { name: 'expires_at', type: t.timestamp },
        // The last tick slot (now / tick length) whose periodic work ran: once per slot across replicas.
        { name: 'slot', type: t.integer, default: 0 },
        { name: 'last_run_at', type: t.timestamp, isNullable: true },
        { name: 'last_run_ms', type: t.integer, isNullable: true },
        { name: 'last_sent', type: t.integer, default: 0 },
        { name: 'total_sent', type: t.integer, default: 0 },
        { name: 'failed', type: t.integer, default: 0 },
        { name: 'last_failed', type: t.integer, default: 0 },
        { name: 'last_error', type: t.text, isNullable: true },
      ],
      [],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['scheduler_lease', 'digests', 'known_machines', 'schedule_states', 'notification_preferences', 'notifications']) {
      await queryRunner.dropTable(name);
    }
  }
}
