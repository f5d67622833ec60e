import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateExports1764250000000 implements MigrationInterface {
  name = 'CreateExports1764250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'exports',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'state', type: 'varchar', length: '20' },
          { name: 'object_key', type: 'varchar', length: '300', isNullable: true },
          { name: 'byte_size', type: t.integer, isNullable: true },
          { name: 'counts', type: t.text, isNullable: true },
          { name: 'error', type: t.text, isNullable: true },
          { name: 'lease_until', type: t.timestamp, isNullable: true },
          { name: 'created_at', type: t.timestamp },
          { name: 'finished_at', type: t.timestamp, isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('exports', new TableIndex({ name: 'idx_exports_user_state', columnNames: ['user_id', 'state'] }));
    await queryRunner.createIndex('exports', new TableIndex({ name: 'idx_exports_created', columnNames: ['created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('exports');
  }
}
