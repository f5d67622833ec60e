import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateImports1764100000000 implements MigrationInterface {
  name = 'CreateImports1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'imports',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'source', type: 'varchar', length: '40' },
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'object_key', type: 'varchar', length: '300' },
          { name: 'byte_size', type: t.integer },
          { name: 'detected', type: t.text },
          { name: 'mapping', type: t.text, isNullable: true },
          { name: 'machine_id', type: t.integer, isNullable: true },
          { name: 'machine_column', type: 'varchar', length: '500', isNullable: true },
          { name: 'utc_offset_minutes', type: t.integer },
          { name: 'state', type: 'varchar', length: '20' },
          { name: 'counts', type: t.text, isNullable: true },
          { name: 'row_total', type: t.integer },
          { name: 'created_at', type: t.timestamp },
          { name: 'finished_at', type: t.timestamp, isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('imports', new TableIndex({ name: 'idx_imports_user_created', columnNames: ['user_id', 'created_at'] }));
    await queryRunner.createTable(
      new Table({
        name: 'import_rows',
        columns: [
          { name: 'import_id', type: t.integer, isPrimary: true },
          { name: 'row_number', type: t.integer, isPrimary: true },
          { name: 'kind', type: 'varchar', length: '20' },
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'messages', type: t.text },
          { name: 'record', type: t.text, isNullable: true },
          { name: 'machine_name', type: 'varchar', length: '200', isNullable: true },
          { name: 'duplicate_of', type: t.integer, isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('import_rows', new TableIndex({ name: 'idx_import_rows_status', columnNames: ['import_id', 'status', 'row_number'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('import_rows');
    await queryRunner.dropTable('imports');
  }
}
