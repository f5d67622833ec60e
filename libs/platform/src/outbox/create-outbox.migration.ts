import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, portableTypes } from '../database/portable-types.js';

/** Add to a service's migrations when it publishes events through the Outbox. */
export class CreateOutbox1763740000500 implements MigrationInterface {
  name = 'CreateOutbox1763740000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'outbox_events',
        columns: [
          idColumn,
          { name: 'event', type: 'varchar', length: '120' },
          { name: 'message', type: t.text },
          { name: 'attempts', type: t.integer, default: 0 },
          { name: 'next_attempt_at', type: t.timestamp },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
      true,
    );
    await queryRunner.createIndex('outbox_events', new TableIndex({ name: 'idx_outbox_next_attempt', columnNames: ['next_attempt_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('outbox_events', true);
  }
}
