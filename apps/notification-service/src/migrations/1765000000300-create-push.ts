import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Browser push subscriptions, and the settings generated once (VAPID keys of a distributed install). */
export class CreatePush1765000000300 implements MigrationInterface {
  name = 'CreatePush1765000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'push_subscriptions',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'endpoint', type: 'varchar', length: '2000' },
          { name: 'p256dh', type: 'varchar', length: '200' },
          { name: 'auth', type: 'varchar', length: '200' },
          { name: 'created_at', type: t.timestamp },
        ] as never,
      }),
    );
    await queryRunner.createIndex('push_subscriptions', new TableIndex({ name: 'idx_push_subscriptions_user', columnNames: ['user_id'] }));
    await queryRunner.createIndex('push_subscriptions', new TableIndex({ name: 'idx_push_subscriptions_endpoint', columnNames: ['endpoint'] }));
    await queryRunner.createTable(
      new Table({
        name: 'service_settings',
        columns: [
          { name: 'name', type: 'varchar', length: '40', isPrimary: true },
          { name: 'value', type: t.text },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('service_settings');
    await queryRunner.dropTable('push_subscriptions');
  }
}
