import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, portableTypes } from '../database/portable-types.js';

/** Every service's `applied_positions` (issue 37); DatabaseModule adds it to each service's migrations. */
export class CreateAppliedPositions1767000000000 implements MigrationInterface {
  name = 'CreateAppliedPositions1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'applied_positions',
        columns: [
          idColumn,
          { name: 'source', type: 'varchar', length: '64' },
          { name: 'first_id', type: t.bigint },
          { name: 'last_id', type: t.bigint },
          { name: 'caused', type: t.text, isNullable: true },
          { name: 'applied_at', type: t.timestamp },
        ],
      }),
      true,
    );
    await queryRunner.createIndex('applied_positions', new TableIndex({ name: 'idx_applied_positions_source', columnNames: ['source', 'last_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('applied_positions', true);
  }
}
