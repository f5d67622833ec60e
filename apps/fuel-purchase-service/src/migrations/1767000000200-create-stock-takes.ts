import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 35: what each work order's completion took out of stock, by its key (a retry takes nothing more; reopening puts it back). */
export class CreateStockTakes1767000000200 implements MigrationInterface {
  name = 'CreateStockTakes1767000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'stock_takes',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'take_key', type: 'varchar', length: '200' },
          { name: 'part_id', type: t.integer },
          { name: 'quantity', type: t.integer },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
      true,
    );
    await queryRunner.createIndex('stock_takes', new TableIndex({ name: 'idx_stock_takes_key', columnNames: ['account_id', 'take_key'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('stock_takes', true);
  }
}
