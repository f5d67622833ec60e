import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Documents attached to machines and records (issue 18), and the tombstones of their deleted records. */
export class CreateDocuments1764100000000 implements MigrationInterface {
  name = 'CreateDocuments1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'documents',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'parent_kind', type: 'varchar', length: '20' },
          { name: 'parent_id', type: t.integer },
          { name: 'machine_id', type: t.integer, isNullable: true },
          { name: 'object_key', type: 'varchar', length: '200', isUnique: true },
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'content_type', type: 'varchar', length: '60' },
          { name: 'size', type: t.integer },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('documents', new TableIndex({ name: 'idx_documents_parent', columnNames: ['user_id', 'parent_kind', 'parent_id'] }));
    await queryRunner.createIndex('documents', new TableIndex({ name: 'idx_documents_machine', columnNames: ['user_id', 'machine_id'] }));
    await queryRunner.createTable(
      new Table({
        name: 'deleted_document_parents',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'parent_kind', type: 'varchar', length: '20' },
          { name: 'parent_id', type: t.integer },
          { name: 'deleted_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex(
      'deleted_document_parents',
      new TableIndex({ name: 'idx_deleted_document_parents', columnNames: ['user_id', 'parent_kind', 'parent_id'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('deleted_document_parents');
    await queryRunner.dropTable('documents');
  }
}
