import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateServiceRecords1763750000000 implements MigrationInterface {
  name = 'CreateServiceRecords1763750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const double = 'double precision';
    // Sort keys compare byte by byte on both engines (SQLite's default; PostgreSQL's database
    // collation could otherwise order punctuation and spaces differently).
    const binary = t.postgres ? { collation: 'C' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'service_records',
        columns: [
          idColumn,
          { name: 'user_id', type: t.integer },
          { name: 'machine_id', type: t.integer },
          { name: 'machine_name', type: t.text, isNullable: true },
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'status', type: 'varchar', length: '50' },
          { name: 'service_date', type: t.date },
          { name: 'service_type', type: 'varchar', length: '50' },
          { name: 'service_shop', type: 'varchar', length: '200', isNullable: true },
          { name: 'notes', type: t.text, isNullable: true },
          { name: 'price_cents', type: t.integer },
          { name: 'miles', type: double, isNullable: true },
          { name: 'hours', type: double, isNullable: true },
          { name: 'date_created', type: t.timestamp },
          { name: 'title_key', type: 'varchar', length: '200', ...binary },
          { name: 'status_key', type: 'varchar', length: '50', ...binary },
          { name: 'type_key', type: 'varchar', length: '50', ...binary },
          { name: 'machine_key', type: t.text, ...binary },
          { name: 'search_text', type: t.text },
          { name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true },
        ],
      }),
    );
    // One index per list order (owner first, id last for the stable tie-break), the status filter
    // with the default order, a machine's records, and the idempotency key of a create.
    const indexes: [string, string[], boolean?][] = [
      ['idx_service_records_user_date', ['user_id', 'service_date', 'id']],
      ['idx_service_records_user_title', ['user_id', 'title_key', 'id']],
      ['idx_service_records_user_type', ['user_id', 'type_key', 'id']],
      ['idx_service_records_user_machine_name', ['user_id', 'machine_key', 'id']],
      ['idx_service_records_user_status', ['user_id', 'status_key', 'service_date', 'id']],
      ['idx_service_records_user_machine', ['user_id', 'machine_id', 'service_date', 'id']],
      ['idx_service_records_machine', ['machine_id']],
      ['uq_service_records_user_idempotency', ['user_id', 'idempotency_key'], true],
    ];
    for (const [name, columnNames, isUnique] of indexes) {
      await queryRunner.createIndex('service_records', new TableIndex({ name, columnNames, isUnique: isUnique ?? false }));
    }
    await queryRunner.createTable(
      new Table({
        name: 'known_machines',
        columns: [
          { name: 'machine_id', type: t.integer, isPrimary: true },
          { name: 'user_id', type: t.integer },
          { name: 'name', type: t.text },
          { name: 'deleted', type: t.boolean, default: false },
          { name: 'updated_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('known_machines', new TableIndex({ name: 'idx_known_machines_user', columnNames: ['user_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('known_machines');
    await queryRunner.dropTable('service_records');
  }
}
