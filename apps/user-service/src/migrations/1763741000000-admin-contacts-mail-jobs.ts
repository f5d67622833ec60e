import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Signup placeholder flag, contact submissions, the mail queue and the background-job registry. */
export class AdminContactsMailJobs1763741000000 implements MigrationInterface {
  name = 'AdminContactsMailJobs1763741000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('users', new TableColumn({ name: 'password_is_placeholder', type: t.boolean, default: false }));
    await queryRunner.createTable(
      new Table({
        name: 'contact_submissions',
        columns: [
          idColumn,
          { name: 'source', type: 'varchar', length: '20' },
          { name: 'contact_type', type: 'varchar', length: '20' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'phone', type: 'varchar', length: '40', isNullable: true },
          { name: 'company', type: 'varchar', length: '160', isNullable: true },
          { name: 'message', type: t.text },
          { name: 'ip_address', type: 'varchar', length: '64', isNullable: true },
          { name: 'create_date', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('contact_submissions', new TableIndex({ name: 'idx_contact_submissions_create_date', columnNames: ['create_date'] }));
    await queryRunner.createTable(
      new Table({
        name: 'mail_messages',
        columns: [
          idColumn,
          { name: 'recipient', type: 'varchar', length: '254' },
          { name: 'subject', type: 'varchar', length: '255' },
          { name: 'body', type: t.text },
          { name: 'reply_to', type: 'varchar', length: '254', isNullable: true },
          { name: 'attempts', type: t.integer, default: 0 },
          { name: 'next_attempt_at', type: t.timestamp },
          { name: 'last_error', type: t.text, isNullable: true },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('mail_messages', new TableIndex({ name: 'idx_mail_messages_next_attempt', columnNames: ['next_attempt_at'] }));
    await queryRunner.createTable(
      new Table({
        name: 'jobs',
        columns: [
          { name: 'id', type: t.integer, isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'status', type: 'varchar', length: '20', default: "'Idle'" },
          { name: 'last_run', type: t.timestamp, isNullable: true },
          { name: 'finished_at', type: t.timestamp, isNullable: true },
          { name: 'message', type: t.text, isNullable: true },
          { name: 'params', type: t.text, isNullable: true },
        ],
      }),
    );
    const jobs: [number, string, string | null][] = [
      [1, 'Daily Analytics Aggregation', null],
      [2, 'Weekly Report Generation', null],
      [3, 'Data Sync with External API', null],
      [4, 'Backfill Images', JSON.stringify({ limit: 7 })],
    ];
    for (const [id, name, params] of jobs) {
      await queryRunner.query(
        t.postgres ? 'INSERT INTO jobs (id, name, status, params) VALUES ($1, $2, $3, $4)' : 'INSERT INTO jobs (id, name, status, params) VALUES (?, ?, ?, ?)',
        [id, name, 'Idle', params],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('jobs');
    await queryRunner.dropTable('mail_messages');
    await queryRunner.dropTable('contact_submissions');
    await queryRunner.dropColumn('users', 'password_is_placeholder');
  }
}
