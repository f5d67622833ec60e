import { portableTypes } from '@wrenchlog/platform';
import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each part's last known stock level (low stock alerts). */
export class CreatePartStock1765000000400 implements MigrationInterface {
  name = 'CreatePartStock1765000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'part_stock_states',
        columns: [
          { name: 'part_id', type: t.integer, isPrimary: true },
          { name: 'user_id', type: t.integer },
          { name: 'level', type: 'varchar', length: '5' },
          { name: 'event_at', type: t.timestamp },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('part_stock_states');
  }
}
