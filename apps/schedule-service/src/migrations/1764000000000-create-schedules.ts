import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreateSchedules1764000000000 implements MigrationInterface {
  name = 'CreateSchedules1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const double = 'double precision';
    const binary = t.postgres ? { collation: 'C' } : {};
    const table = async (name: string, columns: object[], indexes: [string, string[], boolean?][]) => {
      await queryRunner.createTable(new Table({ name, columns: columns as never }));
      for (const [index, columnNames, isUnique] of indexes) {
        await queryRunner.createIndex(name, new TableIndex({ name: index, columnNames, isUnique: isUnique ?? false }));
      }
    };
    await table(
      'known_machines',
      [
        { name: 'machine_id', type: t.integer, isPrimary: true },
        { name: 'user_id', type: t.integer },
        { name: 'name', type: t.text },
        { name: 'type', type: 'varchar', length: '60', isNullable: true },
        { name: 'deleted', type: t.boolean, default: false },
        { name: 'last_miles', type: double, isNullable: true },
        { name: 'last_hours', type: double, isNullable: true },
        { name: 'updated_at', type: t.timestamp },
      ],
      [['idx_known_machines_user', ['user_id']]],
    );
    await table(
      'meters',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'machine_id', type: t.integer },
        { name: 'kind', type: 'varchar', length: '10' },
        { name: 'unit', type: 'varchar', length: '4' },
        { name: 'label', type: 'varchar', length: '60' },
        { name: 'rollover_value', type: double },
        { name: 'manual_rate', type: double, isNullable: true },
        { name: 'date_created', type: t.timestamp },
      ],
      [
        ['idx_meters_user_machine', ['user_id', 'machine_id', 'id']],
        ['idx_meters_machine', ['machine_id']],
      ],
    );
    await table(
      'meter_segments',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'meter_id', type: t.integer },
        { name: 'start_date', type: t.date },
        { name: 'value_offset', type: double },
      ],
      [['idx_meter_segments_meter', ['meter_id', 'start_date', 'id']]],
    );
    await table(
      'meter_readings',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'machine_id', type: t.integer },
        { name: 'meter_id', type: t.integer },
        { name: 'segment_id', type: t.integer },
        { name: 'value', type: double },
        { name: 'lifetime', type: double },
        { name: 'read_at', type: t.date },
        { name: 'is_void', type: t.boolean, default: false },
        { name: 'rollover', type: t.boolean, default: false },
        { name: 'replacement', type: t.boolean, default: false },
        { name: 'source', type: 'varchar', length: '20' },
        { name: 'source_id', type: t.integer, isNullable: true },
        { name: 'date_created', type: t.timestamp },
        { name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true },
      ],
      [
        // The Meters tab (newest first) and the rules' reads of one meter or machine.
        ['idx_meter_readings_meter_date', ['meter_id', 'read_at', 'id']],
        ['idx_meter_readings_machine', ['machine_id']],
        // One reading per meter of a service or fuel record (NULL source ids never collide).
        ['uq_meter_readings_source', ['meter_id', 'source', 'source_id'], true],
        ['uq_meter_readings_idempotency', ['user_id', 'idempotency_key'], true],
      ],
    );
    await table(
      'schedules',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'machine_id', type: t.integer },
        { name: 'machine_name', type: t.text, isNullable: true },
        { name: 'machine_type', type: 'varchar', length: '60', isNullable: true },
        { name: 'machine_type_key', type: 'varchar', length: '60', ...binary },
        { name: 'title', type: 'varchar', length: '200' },
        { name: 'service_type', type: 'varchar', length: '50' },
        { name: 'origin', type: 'varchar', length: '10' },
        { name: 'origin_key', type: 'varchar', length: '10', isNullable: true },
        { name: 'fixed_due_date', type: t.date, isNullable: true },
        { name: 'interval_days', type: t.integer, isNullable: true },
        { name: 'interval_months', type: t.integer, isNullable: true },
        { name: 'interval_distance', type: double, isNullable: true },
        { name: 'interval_hours', type: double, isNullable: true },
        { name: 'soon_days', type: t.integer, isNullable: true },
        { name: 'soon_distance', type: double, isNullable: true },
        { name: 'soon_hours', type: double, isNullable: true },
        { name: 'recurring', type: t.boolean },
        { name: 'anchor', type: 'varchar', length: '10' },
        { name: 'base_date', type: t.date, isNullable: true },
        { name: 'base_distance', type: double, isNullable: true },
        { name: 'base_hours', type: double, isNullable: true },
        { name: 'last_done_date', type: t.date, isNullable: true },
        { name: 'last_done_distance', type: double, isNullable: true },
        { name: 'last_done_hours', type: double, isNullable: true },
        { name: 'next_due_date', type: t.date, isNullable: true },
        { name: 'next_due_distance', type: double, isNullable: true },
        { name: 'next_due_hours', type: double, isNullable: true },
        { name: 'status', type: 'varchar', length: '10' },
        { name: 'status_rank', type: t.integer },
        { name: 'reason', type: 'varchar', length: '100' },
        { name: 'reason_dimension', type: 'varchar', length: '10' },
        { name: 'forecast_date', type: t.date, isNullable: true },
        { name: 'sort_date', type: t.date },
        { name: 'done', type: t.boolean, default: false },
        { name: 'computed_on', type: t.date },
        { name: 'date_created', type: t.timestamp },
        { name: 'idempotency_key', type: 'varchar', length: '128', isNullable: true },
      ],
      [
        // The Due list: owner, urgency, expected date, id (stable pages); with the type filter.
        ['idx_schedules_user_urgency', ['user_id', 'status_rank', 'sort_date', 'id']],
        ['idx_schedules_user_type_urgency', ['user_id', 'machine_type_key', 'status_rank', 'sort_date', 'id']],
        ['idx_schedules_user_machine', ['user_id', 'machine_id', 'id']],
        ['idx_schedules_user_computed', ['user_id', 'computed_on']],
        ['uq_schedules_machine_origin', ['machine_id', 'origin_key'], true],
        ['uq_schedules_idempotency', ['user_id', 'idempotency_key'], true],
      ],
    );
    await table(
      'schedule_completions',
      [
        idColumn,
        { name: 'user_id', type: t.integer },
        { name: 'schedule_id', type: t.integer },
        { name: 'service_record_id', type: t.integer },
        { name: 'done_date', type: t.date },
        { name: 'distance', type: double, isNullable: true },
        { name: 'hours', type: double, isNullable: true },
      ],
      [
        ['uq_schedule_completions_record', ['schedule_id', 'service_record_id'], true],
        ['idx_schedule_completions_record', ['service_record_id']],
      ],
    );
    await table(
      'known_records',
      [
        { name: 'source', type: 'varchar', length: '20', isPrimary: true },
        { name: 'record_id', type: t.integer, isPrimary: true },
        { name: 'user_id', type: t.integer },
        { name: 'machine_id', type: t.integer },
        { name: 'record_date', type: t.date },
        { name: 'deleted', type: t.boolean, default: false },
        { name: 'updated_at', type: t.timestamp },
      ],
      [['idx_known_records_machine', ['machine_id']]],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['known_records', 'schedule_completions', 'schedules', 'meter_readings', 'meter_segments', 'meters', 'known_machines']) {
      await queryRunner.dropTable(name);
    }
  }
}
