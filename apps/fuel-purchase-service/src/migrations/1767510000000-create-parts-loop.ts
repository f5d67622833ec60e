import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 35's parts loop: what open work orders hold back of each part (`stock_reservations`, one
 * row a line, and `stock_holds`, the version of each holder's set; `parts.reserved` their sum, kept
 * in the transaction that changes them so lists read it for free) and the stock ledger
 * (`stock_movements`: every change of a part's stock from now on, with what made it).
 */
export class CreatePartsLoop1767510000000 implements MigrationInterface {
  name = 'CreatePartsLoop1767510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    // Plain SQL, not addColumn: on SQLite that rebuilds the table from TypeORM's picture of it, which
    // an upgrade from before accounts leaves stale (it still had user_id) in the same run.
    await queryRunner.query('ALTER TABLE parts ADD COLUMN reserved integer NOT NULL DEFAULT 0');
    await queryRunner.createTable(
      new Table({
        name: 'stock_holds',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'holder', type: 'varchar', length: '100' },
          { name: 'version', type: t.bigint },
          { name: 'updated_at', type: t.timestamp },
        ],
        indices: [{ name: 'uq_stock_holds_holder', columnNames: ['account_id', 'holder'], isUnique: true }],
      }),
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'stock_reservations',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'holder', type: 'varchar', length: '100' },
          { name: 'line_key', type: 'varchar', length: '100' },
          { name: 'part_id', type: t.integer },
          { name: 'quantity', type: t.integer },
        ],
        indices: [
          { name: 'idx_stock_reservations_holder', columnNames: ['account_id', 'holder'] },
          { name: 'idx_stock_reservations_part', columnNames: ['account_id', 'part_id'] },
        ],
      }),
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'stock_movements',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'part_id', type: t.integer },
          { name: 'kind', type: 'varchar', length: '20' },
          { name: 'delta', type: t.integer },
          { name: 'quantity_after', type: t.integer },
          { name: 'purchase_id', type: t.integer, isNullable: true },
          { name: 'work_order_id', type: t.integer, isNullable: true },
          { name: 'label', type: 'varchar', length: '200', isNullable: true },
          { name: 'moved_by', type: t.integer, isNullable: true },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
      true,
    );
    await queryRunner.createIndex('stock_movements', new TableIndex({ name: 'idx_stock_movements_part', columnNames: ['account_id', 'part_id', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('stock_movements', true);
    await queryRunner.dropTable('stock_reservations', true);
    await queryRunner.dropTable('stock_holds', true);
    await queryRunner.dropColumn('parts', 'reserved');
  }
}
