import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** When the machine's miles and hours last followed schedule-service's meters (schedule.meters.changed). */
export class AddMetersAt1764000000100 implements MigrationInterface {
  name = 'AddMetersAt1764000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('machines', new TableColumn({ name: 'meters_at', type: t.timestamp, isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('machines', 'meters_at');
  }
}
