import { portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The projection of machines (issue 25, item 8). Machines created before it existed are learnt on
 * first use: a fuel record or purchase naming a machine not in it asks machine-service once.
 */
export class CreateKnownMachines1763760000000 implements MigrationInterface {
  name = 'CreateKnownMachines1763760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'known_machines',
        columns: [
          { name: 'machine_id', type: t.integer, isPrimary: true },
          { name: 'user_id', type: t.integer },
          { name: 'deleted', type: t.boolean, default: false },
          { name: 'updated_at', type: t.timestamp },
        ],
      }),
    );
    await queryRunner.createIndex('known_machines', new TableIndex({ name: 'idx_known_machines_user', columnNames: ['user_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('known_machines');
  }
}
