import { portableTypes } from '@wrenchlog/platform';
import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The keys of the emails notification-service asked for (issue 24): each is sent once. */
export class NotificationMailKeys1765000000000 implements MigrationInterface {
  name = 'NotificationMailKeys1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'notification_mail_keys',
        columns: [
          { name: 'key', type: 'varchar', length: '200', isPrimary: true },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('notification_mail_keys');
  }
}
