import { portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The import job (issue 23): mode, progress, lease, outcome counts and error of an import; each row's outcome; the machines an import created. */
export class AddImportJob1764200000000 implements MigrationInterface {
  name = 'AddImportJob1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumns('imports', [
      new TableColumn({ name: 'mode', type: 'varchar', length: '20', isNullable: true }),
      new TableColumn({ name: 'progress_done', type: t.integer, default: 0 }),
      new TableColumn({ name: 'progress_total', type: t.integer, default: 0 }),
      new TableColumn({ name: 'written', type: t.integer, default: 0 }),
      new TableColumn({ name: 'skipped', type: t.integer, default: 0 }),
      new TableColumn({ name: 'failed', type: t.integer, default: 0 }),
      new TableColumn({ name: 'error', type: t.text, isNullable: true }),
      new TableColumn({ name: 'reverting', type: t.boolean, default: false }),
      new TableColumn({ name: 'revert_result', type: t.text, isNullable: true }),
      new TableColumn({ name: 'lease_owner', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'lease_until', type: t.timestamp, isNullable: true }),
    ]);
    await queryRunner.createIndex('imports', new TableIndex({ name: 'idx_imports_state', columnNames: ['state'] }));
    await queryRunner.addColumns('import_rows', [
      new TableColumn({ name: 'keep', type: t.boolean, default: false }),
      new TableColumn({ name: 'outcome', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'target_id', type: t.integer, isNullable: true }),
    ]);
    await queryRunner.createIndex('import_rows', new TableIndex({ name: 'idx_import_rows_outcome', columnNames: ['import_id', 'outcome', 'row_number'] }));
    await queryRunner.createTable(
      new Table({
        name: 'import_machines',
        columns: [
          { name: 'import_id', type: t.integer, isPrimary: true },
          { name: 'name', type: 'varchar', length: '200', isPrimary: true },
          { name: 'machine_id', type: t.integer },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('import_machines');
    await queryRunner.dropIndex('import_rows', 'idx_import_rows_outcome');
    for (const c of ['target_id', 'outcome', 'keep']) {
      await queryRunner.dropColumn('import_rows', c);
    }
    await queryRunner.dropIndex('imports', 'idx_imports_state');
    for (const c of [
      'lease_until',
      'lease_owner',
      'revert_result',
      'reverting',
      'error',
      'failed',
      'skipped',
      'written',
      'progress_total',
      'progress_done',
      'mode',
    ]) {
      await queryRunner.dropColumn('imports', c);
    }
  }
}
