import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A record's readings by (source, source_id): every service or fuel record event looks them up,
 * and the unique index starts with meter_id, so without this each event scanned every reading.
 */
export class IndexReadingsSource1764300000000 implements MigrationInterface {
  name = 'IndexReadingsSource1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('meter_readings', new TableIndex({ name: 'idx_meter_readings_source', columnNames: ['source', 'source_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('meter_readings', 'idx_meter_readings_source');
  }
}
