import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 22: "Filled the tank" (every existing record was a full fill) and "Missed the previous fill-up". */
export class AddFuelFillFlags1764100000000 implements MigrationInterface {
  name = 'AddFuelFillFlags1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.addColumn('fuel_records', new TableColumn({ name: 'full_tank', type: t.boolean, default: true }));
    await queryRunner.addColumn('fuel_records', new TableColumn({ name: 'missed_previous', type: t.boolean, default: false }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('fuel_records', 'missed_previous');
    await queryRunner.dropColumn('fuel_records', 'full_tank');
  }
}
