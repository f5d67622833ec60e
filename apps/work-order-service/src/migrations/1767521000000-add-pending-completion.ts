import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 35: a completion in progress is written on its order before any other service is asked
 * (the request and who made it), so a completion cut by a crash is finished by the recovery.
 */
export class AddPendingCompletion1767521000000 implements MigrationInterface {
  name = 'AddPendingCompletion1767521000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('work_orders', new TableColumn({ name: 'pending_completion', type: t.text, isNullable: true }));
    await queryRunner.addColumn('work_orders', new TableColumn({ name: 'pending_since', type: t.timestamp, isNullable: true }));
    await queryRunner.createIndex('work_orders', new TableIndex({ name: 'idx_work_orders_pending', columnNames: ['pending_since'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('work_orders', 'idx_work_orders_pending');
    await queryRunner.dropColumn('work_orders', 'pending_since');
    await queryRunner.dropColumn('work_orders', 'pending_completion');
  }
}
