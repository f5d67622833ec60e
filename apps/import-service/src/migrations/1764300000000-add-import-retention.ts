import { portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Retention of imports (issue 23): when an import's file and rows were deleted, the ids of the
 * machines its machine rows wrote (kept for Revert), and the lease that makes one replica run the
 * retention pass.
 */
export class AddImportRetention1764300000000 implements MigrationInterface {
  name = 'AddImportRetention1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumns('imports', [
      new TableColumn({ name: 'purged_at', type: t.timestamp, isNullable: true }),
      new TableColumn({ name: 'row_machine_ids', type: t.text, isNullable: true }),
    ]);
    await queryRunner.createIndex('imports', new TableIndex({ name: 'idx_imports_retention', columnNames: ['state', 'finished_at'] }));
    await queryRunner.createTable(
      new Table({
        name: 'import_leases',
        columns: [
          { name: 'name', type: 'varchar', length: '40', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '64', isNullable: true },
          { name: 'expires_at', type: t.timestamp },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('import_leases');
    await queryRunner.dropIndex('imports', 'idx_imports_retention');
    await queryRunner.dropColumn('imports', 'row_machine_ids');
    await queryRunner.dropColumn('imports', 'purged_at');
  }
}
