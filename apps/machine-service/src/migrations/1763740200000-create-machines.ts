import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateMachines1763740200000 implements MigrationInterface {
  name = 'CreateMachines1763740200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'machines',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'year', type: t.integer },
          { name: 'make', type: 'varchar', length: '60' },
          { name: 'model', type: 'varchar', length: '60' },
          { name: 'submodel', type: 'varchar', length: '60', isNullable: true },
          { name: 'vin', type: 'varchar', length: '32', isNullable: true },
          { name: 'color', type: 'varchar', length: '40', isNullable: true },
          { name: 'description', type: t.text, isNullable: true },
          { name: 'status', type: 'varchar', length: '60', isNullable: true },
          { name: 'type', type: 'varchar', length: '60', isNullable: true },
          { name: 'purchased_date', type: t.date, isNullable: true },
          { name: 'last_serviced_date', type: t.date, isNullable: true },
          { name: 'miles', type: t.integer, isNullable: true },
          { name: 'hours', type: 'decimal', precision: 12, scale: 1, isNullable: true },
          { name: 'license', type: 'varchar', length: '32', isNullable: true },
          { name: 'license_expiration_date', type: t.date, isNullable: true },
          { name: 'is_permanent_license', type: t.boolean, default: false },
          { name: 'insurance_provider', type: 'varchar', length: '120', isNullable: true },
          { name: 'policy_number', type: 'varchar', length: '60', isNullable: true },
          { name: 'insurance_expiration_date', type: t.date, isNullable: true },
          { name: 'profile_photo_id', type: t.integer, isNullable: true },
          { name: 'last_updated', type: t.timestamp },
          { name: 'service_state_at', type: t.timestamp, isNullable: true },
          { name: 'created_at', type: t.timestamp },
          { name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('machines', new TableIndex({ name: 'uq_machines_idempotency', columnNames: ['user_id', 'idempotency_key'], isUnique: true }));
    // Every list is one user's machines, sorted by name, lastUpdated or last service.
    await queryRunner.createIndex('machines', new TableIndex({ name: 'idx_machines_user_name', columnNames: ['user_id', 'name'] }));
    await queryRunner.createIndex('machines', new TableIndex({ name: 'idx_machines_user_last_updated', columnNames: ['user_id', 'last_updated'] }));
    await queryRunner.createIndex('machines', new TableIndex({ name: 'idx_machines_user_last_serviced', columnNames: ['user_id', 'last_serviced_date'] }));
    await queryRunner.createTable(
      new Table({
        name: 'machine_photos',
        columns: [
          idColumn,
          { name: 'machine_id', type: t.integer },
          { name: 'user_id', type: t.integer },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'original_key', type: 'varchar', length: '200', isUnique: true },
          { name: 'thumbnail_key', type: 'varchar', length: '200' },
          { name: 'content_type', type: 'varchar', length: '40' },
          { name: 'original_size', type: t.integer },
          { name: 'thumbnail_size', type: t.integer, isNullable: true },
          { name: 'thumbnail_uploaded', type: t.boolean },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'error', type: t.text, isNullable: true },
          { name: 'created_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('machine_photos', new TableIndex({ name: 'idx_machine_photos_machine_kind', columnNames: ['machine_id', 'kind', 'id'] }));
    await queryRunner.createIndex('machine_photos', new TableIndex({ name: 'idx_machine_photos_user', columnNames: ['user_id'] }));
    await queryRunner.createIndex('machine_photos', new TableIndex({ name: 'idx_machine_photos_state', columnNames: ['state', 'created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('machine_photos');
    await queryRunner.dropTable('machines');
  }
}
