import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** One outbox row per subscriber, so a subscriber that is down delays only its own events. */
export class AddOutboxTarget1763760000000 implements MigrationInterface {
  name = 'AddOutboxTarget1763760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Null on rows written before: they go to every subscriber of their event, as they did.
    await queryRunner.addColumn('outbox_events', new TableColumn({ name: 'target', type: 'varchar', length: '64', isNullable: true }));
    await queryRunner.createIndex('outbox_events', new TableIndex({ name: 'idx_outbox_target', columnNames: ['target', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('outbox_events', 'idx_outbox_target');
    await queryRunner.dropColumn('outbox_events', 'target');
  }
}
