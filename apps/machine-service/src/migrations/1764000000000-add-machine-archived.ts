import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 18: a machine can be archived instead of deleted (it leaves the lists, its history stays). */
export class AddMachineArchived1764000000000 implements MigrationInterface {
  name = 'AddMachineArchived1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('machines', new TableColumn({ name: 'archived', type: t.boolean, default: false }));
    // The lists read one user's active (or archived) machines by name.
    await queryRunner.createIndex('machines', new TableIndex({ name: 'idx_machines_user_archived_name', columnNames: ['user_id', 'archived', 'name'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('machines', 'idx_machines_user_archived_name');
    await queryRunner.dropColumn('machines', 'archived');
  }
}
