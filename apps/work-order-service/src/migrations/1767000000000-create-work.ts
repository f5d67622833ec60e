import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** work-order-service's tables (issue 35): the machine projection, issues, work orders and their lines. */
export class CreateWork1767000000000 implements MigrationInterface {
  name = 'CreateWork1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const double = 'double precision';
    const audited = [
      { name: 'account_id', type: t.integer },
      { name: 'created_by', type: t.integer, isNullable: true },
      { name: 'updated_by', type: t.integer, isNullable: true },
    ];
    const table = async (name: string, columns: object[], indexes: [string, string[]][]) => {
      await queryRunner.createTable(new Table({ name, columns: columns as never }), true);
      for (const [index, columnNames] of indexes) {
        await queryRunner.createIndex(name, new TableIndex({ name: index, columnNames }));
      }
    };
    await table(
      'known_machines',
      [
        { name: 'machine_id', type: t.integer, isPrimary: true },
        { name: 'account_id', type: t.integer },
        { name: 'name', type: t.text },
        { name: 'deleted', type: t.boolean, default: false },
        { name: 'updated_at', type: t.timestamp },
      ],
      [['idx_work_known_machines_account', ['account_id']]],
    );
    await table(
      'issues',
      [
        idColumn,
        ...audited,
        { name: 'machine_id', type: t.integer },
        { name: 'title', type: 'varchar', length: '200' },
        { name: 'description', type: t.text, isNullable: true },
        { name: 'priority', type: 'varchar', length: '10' },
        { name: 'status', type: 'varchar', length: '12' },
        { name: 'out_of_service', type: t.boolean, default: false },
        { name: 'work_order_id', type: t.integer, isNullable: true },
        { name: 'inspection_id', type: t.integer, isNullable: true },
        { name: 'resolution_note', type: t.text, isNullable: true },
        { name: 'close_reason', type: t.text, isNullable: true },
        { name: 'resolved_at', type: t.timestamp, isNullable: true },
        { name: 'created_at', type: t.timestamp },
        { name: 'updated_at', type: t.timestamp },
      ],
      [
        ['idx_issues_account_status', ['account_id', 'status', 'id']],
        ['idx_issues_account_machine', ['account_id', 'machine_id', 'id']],
        ['idx_issues_work_order', ['work_order_id']],
      ],
    );
    await table(
      'work_orders',
      [
        idColumn,
        ...audited,
        { name: 'machine_id', type: t.integer },
        { name: 'title', type: 'varchar', length: '200' },
        { name: 'state', type: 'varchar', length: '20' },
        { name: 'priority', type: 'varchar', length: '10' },
        { name: 'assignee_user_id', type: t.integer, isNullable: true },
        { name: 'vendor_supplier_id', type: t.integer, isNullable: true },
        { name: 'planned_date', type: 'varchar', length: '10', isNullable: true },
        { name: 'notes', type: t.text, isNullable: true },
        { name: 'schedule_ids', type: t.text, default: "'[]'" },
        { name: 'service_record_id', type: t.integer, isNullable: true },
        { name: 'completed_at', type: 'varchar', length: '10', isNullable: true },
        { name: 'completion_distance', type: double, isNullable: true },
        { name: 'completion_hours', type: double, isNullable: true },
        { name: 'completions', type: t.integer, default: 0 },
        { name: 'completion_key', type: 'varchar', length: '200', isNullable: true },
        { name: 'negative_stock', type: t.boolean, default: false },
        { name: 'created_at', type: t.timestamp },
        { name: 'updated_at', type: t.timestamp },
      ],
      [
        // The board: an account's orders by state, newest first; by assignee (my work); by machine.
        ['idx_work_orders_account_state', ['account_id', 'state', 'id']],
        ['idx_work_orders_assignee', ['assignee_user_id', 'state']],
        ['idx_work_orders_account_machine', ['account_id', 'machine_id', 'id']],
      ],
    );
    await table(
      'work_order_lines',
      [
        idColumn,
        { name: 'account_id', type: t.integer },
        { name: 'work_order_id', type: t.integer },
        { name: 'kind', type: 'varchar', length: '10' },
        { name: 'hours', type: double, isNullable: true },
        { name: 'rate_cents', type: t.integer, isNullable: true },
        { name: 'user_id', type: t.integer, isNullable: true },
        { name: 'part_id', type: t.integer, isNullable: true },
        { name: 'part_name', type: 'varchar', length: '200', isNullable: true },
        { name: 'quantity', type: t.integer, isNullable: true },
        { name: 'unit_price_cents', type: t.integer, isNullable: true },
        { name: 'description', type: 'varchar', length: '200', isNullable: true },
        { name: 'cost_cents', type: t.integer, isNullable: true },
        { name: 'created_at', type: t.timestamp },
      ],
      [['idx_work_order_lines_order', ['work_order_id', 'id']]],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['work_order_lines', 'work_orders', 'issues', 'known_machines']) {
      await queryRunner.dropTable(name, true);
    }
  }
}
