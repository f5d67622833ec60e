import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 35's job templates (steps and kit as JSON text, read and written whole), and the checklist of a work order. */
export class CreateJobTemplates1767600000000 implements MigrationInterface {
  name = 'CreateJobTemplates1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'job_templates',
        columns: [
          idColumn,
          { name: 'account_id', type: t.integer },
          { name: 'created_by', type: t.integer, isNullable: true },
          { name: 'updated_by', type: t.integer, isNullable: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'steps', type: t.text },
          { name: 'lines', type: t.text },
          { name: 'created_at', type: t.timestamp },
          { name: 'updated_at', type: t.timestamp },
        ] as never,
      }),
      true,
    );
    await queryRunner.createIndex('job_templates', new TableIndex({ name: 'idx_job_templates_account', columnNames: ['account_id', 'name'] }));
    await queryRunner.addColumn('work_orders', new TableColumn({ name: 'steps', type: t.text, isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('work_orders', 'steps');
    await queryRunner.dropTable('job_templates', true);
  }
}
