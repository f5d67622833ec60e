import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateServiceImages1763750000100 implements MigrationInterface {
  name = 'CreateServiceImages1763750000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'service_images',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'record_id', type: t.integer },
          { name: 'machine_id', type: t.integer },
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'original_key', type: 'varchar', length: '512', isUnique: true },
          { name: 'thumbnail_key', type: 'varchar', length: '512' },
          { name: 'content_type', type: 'varchar', length: '50' },
          { name: 'original_size', type: t.integer },
          { name: 'thumbnail_size', type: t.integer, isNullable: true },
          { name: 'state', type: 'varchar', length: '20' },
          { name: 'error', type: t.text, isNullable: true },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('service_images', new TableIndex({ name: 'idx_service_images_user_record', columnNames: ['user_id', 'record_id', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('service_images');
  }
}
