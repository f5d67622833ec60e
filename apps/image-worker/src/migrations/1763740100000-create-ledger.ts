import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateLedger1763740100000 implements MigrationInterface {
  name = 'CreateLedger1763740100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'ledger_images',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'owner', type: 'varchar', length: '40' },
          { name: 'record_id', type: t.integer },
          { name: 'machine_id', type: t.integer, isNullable: true },
          { name: 'original_key', type: 'varchar', length: '200', isUnique: true },
          { name: 'thumbnail_key', type: 'varchar', length: '200' },
          { name: 'content_type', type: 'varchar', length: '40' },
          { name: 'thumbnail_uploaded', type: t.boolean },
          { name: 'original_size', type: t.integer },
          { name: 'thumbnail_size', type: t.integer, isNullable: true },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'error', type: t.text, isNullable: true },
          { name: 'attempts', type: t.integer, default: 0 },
          { name: 'claimed_until', type: t.timestamp, isNullable: true },
          { name: 'processed_at', type: t.timestamp, isNullable: true },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('ledger_images', new TableIndex({ name: 'idx_ledger_images_user', columnNames: ['user_id'] }));
    await queryRunner.createIndex('ledger_images', new TableIndex({ name: 'idx_ledger_images_state', columnNames: ['state', 'id'] }));
    await queryRunner.createIndex('ledger_images', new TableIndex({ name: 'idx_ledger_images_record', columnNames: ['owner', 'record_id'] }));
    await queryRunner.createIndex('ledger_images', new TableIndex({ name: 'idx_ledger_images_machine', columnNames: ['user_id', 'machine_id'] }));
    await queryRunner.createTable(
      new Table({
        name: 'deleted_machines',
        columns: [idColumn, { name: 'user_id', type: t.integer }, { name: 'machine_id', type: t.integer }, { name: 'deleted_at', type: t.timestamp }],
      }),
    );
    await queryRunner.createIndex(
      'deleted_machines',
      new TableIndex({ name: 'idx_deleted_machines_user_machine', columnNames: ['user_id', 'machine_id'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('deleted_machines');
    await queryRunner.dropTable('ledger_images');
  }
}
