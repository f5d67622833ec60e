import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Fuel records, part purchases, suppliers and parts. Money is integer cents; fuel amount and price
 * per unit are integer thousandths (gallons, dollars); mileage and hours are doubles. Every table
 * is owned by user_id; idempotency_key makes a retried create answer the first record.
 */
export class CreateFuelPurchase1763740004000 implements MigrationInterface {
  name = 'CreateFuelPurchase1763740004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const double = 'double precision';
    const key = { name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true };

    await queryRunner.createTable(
      new Table({
        name: 'fuel_records',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'machine_id', type: t.integer },
          { name: 'amount_milli', type: t.integer },
          { name: 'price_per_unit_milli', type: t.integer },
          { name: 'total_price_cents', type: t.integer },
          { name: 'date_of_purchase', type: t.timestamp },
          { name: 'date_created', type: t.timestamp },
          { name: 'notes', type: t.text, isNullable: true },
          { name: 'store_name', type: 'varchar', length: '120', isNullable: true },
          { name: 'store_city', type: 'varchar', length: '120', isNullable: true },
          { name: 'store_state', type: 'varchar', length: '60', isNullable: true },
          { name: 'current_hours', type: double, isNullable: true },
          { name: 'current_mileage', type: double, isNullable: true },
          { name: 'last_mileage', type: double, isNullable: true },
          key,
        ],
      }),
    );
    await queryRunner.createIndex(
      'fuel_records',
      new TableIndex({ name: 'idx_fuel_records_machine_date', columnNames: ['user_id', 'machine_id', 'date_of_purchase'] }),
    );
    await queryRunner.createIndex(
      'fuel_records',
      new TableIndex({ name: 'uq_fuel_records_idempotency', columnNames: ['user_id', 'idempotency_key'], isUnique: true }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'suppliers',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'contact', type: 'varchar', length: '120' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'phone', type: 'varchar', length: '40' },
          { name: 'address', type: 'varchar', length: '500', isNullable: true },
          key,
        ],
      }),
    );
    await queryRunner.createIndex('suppliers', new TableIndex({ name: 'idx_suppliers_user_name', columnNames: ['user_id', 'name'] }));
    await queryRunner.createIndex(
      'suppliers',
      new TableIndex({ name: 'uq_suppliers_idempotency', columnNames: ['user_id', 'idempotency_key'], isUnique: true }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'parts',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'part_number', type: 'varchar', length: '100' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'description', type: t.text, isNullable: true },
          { name: 'category', type: 'varchar', length: '20' },
          { name: 'quantity', type: t.integer },
          { name: 'min_stock', type: t.integer },
          { name: 'price_cents', type: t.integer },
          { name: 'supplier_id', type: t.integer },
          { name: 'brand', type: 'varchar', length: '120', isNullable: true },
          key,
        ],
        // A supplier still referenced by parts cannot go (the service answers 409 first; this is the backstop).
        foreignKeys: [
          { name: 'fk_parts_supplier', columnNames: ['supplier_id'], referencedTableName: 'suppliers', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
        ],
      }),
    );
    await queryRunner.createIndex('parts', new TableIndex({ name: 'idx_parts_user_name', columnNames: ['user_id', 'name'] }));
    await queryRunner.createIndex('parts', new TableIndex({ name: 'idx_parts_supplier', columnNames: ['supplier_id'] }));
    await queryRunner.createIndex('parts', new TableIndex({ name: 'uq_parts_idempotency', columnNames: ['user_id', 'idempotency_key'], isUnique: true }));

    await queryRunner.createTable(
      new Table({
        name: 'purchases',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'machine_id', type: t.integer, isNullable: true },
          { name: 'part_id', type: t.integer, isNullable: true },
          { name: 'store_id', type: t.integer, isNullable: true },
          { name: 'part_name', type: 'varchar', length: '200' },
          { name: 'part_number', type: 'varchar', length: '100', isNullable: true },
          { name: 'part_description', type: t.text, isNullable: true },
          { name: 'part_url', type: t.text, isNullable: true },
          { name: 'quantity', type: t.integer },
          { name: 'price_cents', type: t.integer },
          { name: 'store_name', type: 'varchar', length: '120' },
          { name: 'store_city', type: 'varchar', length: '120', isNullable: true },
          { name: 'store_state', type: 'varchar', length: '60', isNullable: true },
          { name: 'store_address', type: 'varchar', length: '500', isNullable: true },
          { name: 'part_status', type: 'varchar', length: '20' },
          { name: 'purchase_date', type: t.timestamp },
          { name: 'create_date', type: t.timestamp },
          // The stock ledger: whether the purchase counts as received, and what it has added to which part.
          { name: 'stock_received', type: t.boolean, default: false },
          { name: 'stock_part_id', type: t.integer, isNullable: true },
          { name: 'stock_added', type: t.integer, default: 0 },
          key,
        ],
      }),
    );
    await queryRunner.createIndex('purchases', new TableIndex({ name: 'idx_purchases_user_date', columnNames: ['user_id', 'purchase_date'] }));
    await queryRunner.createIndex('purchases', new TableIndex({ name: 'idx_purchases_machine_date', columnNames: ['user_id', 'machine_id', 'purchase_date'] }));
    await queryRunner.createIndex('purchases', new TableIndex({ name: 'idx_purchases_part', columnNames: ['user_id', 'part_id'] }));
    await queryRunner.createIndex(
      'purchases',
      new TableIndex({ name: 'uq_purchases_idempotency', columnNames: ['user_id', 'idempotency_key'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('purchases');
    await queryRunner.dropTable('parts');
    await queryRunner.dropTable('suppliers');
    await queryRunner.dropTable('fuel_records');
  }
}
