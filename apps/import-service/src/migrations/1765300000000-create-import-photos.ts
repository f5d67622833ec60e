import { portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The photos of a restore (issue 23): planned by the dry run, stored and handed to their owners by the job. */
export class CreateImportPhotos1765300000000 implements MigrationInterface {
  name = 'CreateImportPhotos1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'import_photos',
        columns: [
          { name: 'import_id', type: t.integer, isPrimary: true },
          { name: 'seq', type: t.integer, isPrimary: true },
          { name: 'row_number', type: t.integer },
          { name: 'owner', type: 'varchar', length: '10' },
          { name: 'role', type: 'varchar', length: '10' },
          { name: 'path', type: 'varchar', length: '300' },
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'byte_size', type: t.integer },
          { name: 'type', type: 'varchar', length: '10', isNullable: true },
          { name: 'problem', type: t.text, isNullable: true },
          { name: 'outcome', type: 'varchar', length: '10' },
          { name: 'message', type: t.text, isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('import_photos', new TableIndex({ name: 'idx_import_photos_outcome', columnNames: ['import_id', 'outcome', 'seq'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('import_photos');
  }
}
