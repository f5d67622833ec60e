import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { BUILT_IN_FORMS } from '../inspections/built-in-forms.js';

/** Inspection forms (the built-in ones as account 0's), inspections, and issues' idempotency keys (issue 35). */
export class CreateInspections1767500000000 implements MigrationInterface {
  name = 'CreateInspections1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const audited = [
      { name: 'account_id', type: t.integer },
      { name: 'created_by', type: t.integer, isNullable: true },
      { name: 'updated_by', type: t.integer, isNullable: true },
    ];
    await queryRunner.createTable(
      new Table({
        name: 'inspection_forms',
        columns: [
          idColumn,
          ...audited,
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'machine_type', type: 'varchar', length: '60', isNullable: true },
          { name: 'frequency', type: 'varchar', length: '10', isNullable: true },
          { name: 'items', type: t.text },
          { name: 'created_at', type: t.timestamp },
          { name: 'updated_at', type: t.timestamp },
        ] as never,
      }),
      true,
    );
    await queryRunner.createIndex('inspection_forms', new TableIndex({ name: 'idx_inspection_forms_account', columnNames: ['account_id', 'id'] }));
    await queryRunner.createTable(
      new Table({
        name: 'inspections',
        columns: [
          idColumn,
          ...audited,
          { name: 'machine_id', type: t.integer },
          { name: 'form_id', type: t.integer },
          { name: 'form_name', type: 'varchar', length: '120' },
          { name: 'read_at', type: 'varchar', length: '10' },
          { name: 'meter_distance', type: 'double precision', isNullable: true },
          { name: 'meter_hours', type: 'double precision', isNullable: true },
          { name: 'items', type: t.text },
          { name: 'failed_count', type: t.integer },
          { name: 'signed_by', type: 'varchar', length: '120', isNullable: true },
          { name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true },
          { name: 'created_at', type: t.timestamp },
        ] as never,
      }),
      true,
    );
    await queryRunner.createIndex('inspections', new TableIndex({ name: 'idx_inspections_account_machine', columnNames: ['account_id', 'machine_id', 'id'] }));
    await queryRunner.createIndex(
      'inspections',
      new TableIndex({ name: 'idx_inspections_account_form', columnNames: ['account_id', 'form_id', 'machine_id'] }),
    );
    await queryRunner.createIndex(
      'inspections',
      new TableIndex({ name: 'uq_inspections_idempotency', columnNames: ['account_id', 'idempotency_key'], isUnique: true }),
    );
    await queryRunner.addColumn('issues', new TableColumn({ name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true }));
    await queryRunner.createIndex('issues', new TableIndex({ name: 'uq_issues_idempotency', columnNames: ['account_id', 'idempotency_key'], isUnique: true }));
    // A raw insert binds no Date on SQLite: the instant as each engine's text.
    const iso = new Date().toISOString();
    const now = t.postgres ? iso : iso.replace('T', ' ').slice(0, 23);
    // Raw SQL (not the query builder, which maps to the entity's property names); each engine's placeholders.
    const at = (n: number) => (t.postgres ? `$${n}` : '?');
    for (const f of BUILT_IN_FORMS) {
      await queryRunner.query(
        `INSERT INTO inspection_forms (account_id, name, machine_type, frequency, items, created_at, updated_at) VALUES (0, ${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)})`,
        [f.name, f.machineType, f.frequency, JSON.stringify(f.items), now, now],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('inspections', true);
    await queryRunner.dropTable('inspection_forms', true);
    await queryRunner.dropIndex('issues', 'uq_issues_idempotency');
    await queryRunner.dropColumn('issues', 'idempotency_key');
  }
}
