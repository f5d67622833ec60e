import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Webhook endpoints, their deliveries outbox and the records seen (created or updated). */
export class CreateWebhooks1765000000100 implements MigrationInterface {
  name = 'CreateWebhooks1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const table = async (name: string, columns: object[], indexes: [string, string[], boolean?][]) => {
      await queryRunner.createTable(new Table({ name, columns: columns as never }));
      for (const [index, columnNames, isUnique] of indexes) {
        await queryRunner.createIndex(name, new TableIndex({ name: index, columnNames, isUnique: isUnique ?? false }));
      }
    };
    await table(
      'webhooks',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'url', type: 'varchar', length: '2000' },
        { name: 'events', type: t.text },
        { name: 'secret', type: 'varchar', length: '100' },
        { name: 'created_at', type: t.timestamp },
      ],
      [['idx_webhooks_user', ['user_id', 'id']]],
    );
    await table(
      'webhook_deliveries',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'webhook_id', type: t.integer },
        { name: 'message_id', type: 'varchar', length: '64' },
        { name: 'unique_key', type: 'varchar', length: '200' },
        { name: 'event_type', type: 'varchar', length: '40' },
        { name: 'body', type: t.text },
        { name: 'status', type: 'varchar', length: '10' },
        { name: 'attempts', type: t.integer, default: 0 },
        { name: 'next_attempt_at', type: t.timestamp, isNullable: true },
        { name: 'last_attempt_at', type: t.timestamp, isNullable: true },
        { name: 'http_status', type: t.integer, isNullable: true },
        { name: 'error', type: t.text, isNullable: true },
        { name: 'created_at', type: t.timestamp },
      ],
      [
        ['uq_webhook_deliveries_key', ['webhook_id', 'unique_key'], true],
        ['idx_webhook_deliveries_due', ['status', 'next_attempt_at']],
        ['idx_webhook_deliveries_webhook', ['webhook_id', 'id']],
      ],
    );
    await table(
      'seen_records',
      [
        { name: 'record_key', type: 'varchar', length: '40', isPrimary: true },
        { name: 'user_id', type: t.integer },
        { name: 'updated_at', type: t.timestamp },
      ],
      [],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['seen_records', 'webhook_deliveries', 'webhooks']) {
      await queryRunner.dropTable(name);
    }
  }
}
