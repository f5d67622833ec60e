import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Same-name machines (issue 23): the user's choice for machine rows named as a machine they have
 * ('use' or 'create', null: 'use'), and on such a row, with 'use', the existing machine's id.
 */
export class AddSameNameMachines1765200000000 implements MigrationInterface {
  name = 'AddSameNameMachines1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('imports', new TableColumn({ name: 'same_name_machines', type: 'varchar', length: '10', isNullable: true }));
    await queryRunner.addColumn('import_rows', new TableColumn({ name: 'existing_machine_id', type: t.integer, isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('import_rows', 'existing_machine_id');
    await queryRunner.dropColumn('imports', 'same_name_machines');
  }
}
