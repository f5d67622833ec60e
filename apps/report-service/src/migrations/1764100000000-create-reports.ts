import { portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The reports' read model (issue 22): machines, one row per costed record, monthly totals. */
export class CreateReports1764100000000 implements MigrationInterface {
  name = 'CreateReports1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const double = 'double precision';
    const table = async (name: string, columns: object[], indexes: [string, string[]][]) => {
      await queryRunner.createTable(new Table({ name, columns: columns as never }));
      for (const [index, columnNames] of indexes) {
        await queryRunner.createIndex(name, new TableIndex({ name: index, columnNames }));
      }
    };
    await table(
      'report_machines',
      [
        { name: 'machine_id', type: t.integer, isPrimary: true },
        { name: 'user_id', type: t.integer },
        { name: 'name', type: t.text },
        { name: 'type', type: 'varchar', length: '60', isNullable: true },
        { name: 'type_key', type: 'varchar', length: '60', isNullable: true },
        { name: 'archived', type: t.boolean, default: false },
        { name: 'deleted', type: t.boolean, default: false },
        { name: 'updated_at', type: t.timestamp },
      ],
      [['idx_report_machines_user', ['user_id', 'type_key']]],
    );
    await table(
      'report_records',
      [
        { name: 'category', type: 'varchar', length: '10', isPrimary: true },
        { name: 'record_id', type: t.integer, isPrimary: true },
        { name: 'user_id', type: t.integer },
        { name: 'machine_key', type: t.integer },
        { name: 'record_date', type: t.date, isNullable: true },
        { name: 'month', type: 'varchar', length: '7', isNullable: true },
        { name: 'amount_cents', type: 'bigint', default: 0 },
        { name: 'title', type: t.text },
        { name: 'notes', type: t.text, isNullable: true },
        { name: 'miles', type: double, isNullable: true },
        { name: 'hours', type: double, isNullable: true },
        { name: 'deleted', type: t.boolean, default: false },
        { name: 'updated_at', type: t.timestamp },
      ],
      // A machine's history and the partial months at a period's ends; the per-user ranges.
      [
        ['idx_report_records_machine', ['user_id', 'machine_key', 'record_date']],
        ['idx_report_records_user_date', ['user_id', 'record_date']],
      ],
    );
    await table(
      'report_monthly',
      [
        { name: 'user_id', type: t.integer, isPrimary: true },
        { name: 'machine_key', type: t.integer, isPrimary: true },
        { name: 'month', type: 'varchar', length: '7', isPrimary: true },
        { name: 'category', type: 'varchar', length: '10', isPrimary: true },
        { name: 'amount_cents', type: 'bigint', default: 0 },
      ],
      [['idx_report_monthly_user_month', ['user_id', 'month']]],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('report_monthly');
    await queryRunner.dropTable('report_records');
    await queryRunner.dropTable('report_machines');
  }
}
