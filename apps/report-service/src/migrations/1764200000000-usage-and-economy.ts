import { portableTypes } from '@wrenchlog/platform';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The fleet report in one hop (issue 22): the meters' readings (usage in a period), the fuel
 * records' flags, gallons and time of purchase (full-to-full economy), and each machine's distance
 * unit, kept by events like the costs; and each user's time zone (a fuel record counts on its day there).
 */
export class UsageAndEconomy1764200000000 implements MigrationInterface {
  name = 'UsageAndEconomy1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'report_readings',
        columns: [
          { name: 'reading_id', type: t.integer, isPrimary: true },
          { name: 'user_id', type: t.integer },
          { name: 'machine_id', type: t.integer },
          { name: 'meter_id', type: t.integer },
          { name: 'kind', type: 'varchar', length: '10' },
          { name: 'unit', type: 'varchar', length: '4' },
          { name: 'lifetime', type: 'double precision' },
          { name: 'read_at', type: t.date },
          { name: 'live', type: t.boolean },
          { name: 'updated_at', type: t.timestamp },
        ],
      }),
    );
    // Usage in a period: a range scan of the user's readings by date (the machine for one machine).
    await queryRunner.createIndex('report_readings', new TableIndex({ name: 'idx_report_readings_user_date', columnNames: ['user_id', 'read_at'] }));
    await queryRunner.createIndex('report_readings', new TableIndex({ name: 'idx_report_readings_machine_date', columnNames: ['machine_id', 'read_at'] }));
    await queryRunner.createTable(
      new Table({
        name: 'report_users',
        columns: [
          { name: 'user_id', type: t.integer, isPrimary: true },
          { name: 'time_zone', type: 'varchar', length: '64' },
          { name: 'updated_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.addColumns('report_records', [
      new TableColumn({ name: 'fuel_amount', type: 'double precision', isNullable: true }),
      new TableColumn({ name: 'full_tank', type: t.boolean, default: true }),
      new TableColumn({ name: 'missed_previous', type: t.boolean, default: false }),
      new TableColumn({ name: 'purchased_at', type: t.timestamp, isNullable: true }),
    ]);
    // The fuel rows of a user (the economy's fills and each machine's last full fill before a period).
    await queryRunner.createIndex(
      'report_records',
      new TableIndex({ name: 'idx_report_records_user_category', columnNames: ['user_id', 'category', 'machine_key', 'record_date'] }),
    );
    await queryRunner.addColumns('report_machines', [
      new TableColumn({ name: 'distance_unit', type: 'varchar', length: '4', isNullable: true }),
      new TableColumn({ name: 'meters_at', type: t.timestamp, isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('report_records', 'idx_report_records_user_category');
    await queryRunner.dropColumn('report_machines', 'meters_at');
    await queryRunner.dropColumn('report_machines', 'distance_unit');
    for (const c of ['purchased_at', 'missed_previous', 'full_tank', 'fuel_amount']) {
      await queryRunner.dropColumn('report_records', c);
    }
    await queryRunner.dropTable('report_users');
    await queryRunner.dropTable('report_readings');
  }
}
