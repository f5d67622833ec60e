import { portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** One calendar feed secret per user, hashed. */
export class CreateCalendarTokens1765000000200 implements MigrationInterface {
  name = 'CreateCalendarTokens1765000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'calendar_tokens',
        columns: [
          { name: 'user_id', type: t.integer, isPrimary: true },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('calendar_tokens', new TableIndex({ name: 'uq_calendar_tokens_hash', columnNames: ['token_hash'], isUnique: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('calendar_tokens');
  }
}
