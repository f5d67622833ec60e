import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The session version carried in access tokens, and when a user's sessions last ended (issue 25, item 3). */
export class SessionVersion1763770000000 implements MigrationInterface {
  name = 'SessionVersion1763770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('users', new TableColumn({ name: 'session_version', type: t.integer, default: 0 }));
    await queryRunner.addColumn('users', new TableColumn({ name: 'sessions_ended_at', type: t.timestamp, isNullable: true }));
    await queryRunner.createIndex('users', new TableIndex({ name: 'idx_users_sessions_ended_at', columnNames: ['sessions_ended_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('users', 'idx_users_sessions_ended_at');
    await queryRunner.dropColumn('users', 'sessions_ended_at');
    await queryRunner.dropColumn('users', 'session_version');
  }
}
