import { portableTypes } from '@wrenchlog/platform';
import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Preferences (issue 34): a member's own units, currency, formats and theme (`memberships.preferences`)
 * and their account's defaults (`accounts.defaults`), each a JSON object of the fields set (text on
 * both engines; a field left out falls back). Written to run again safely.
 */
export class Preferences1766300000100 implements MigrationInterface {
  name = 'Preferences1766300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    const addMissing = async (table: string, column: TableColumn) => {
      if (!(await queryRunner.getTable(table))?.findColumnByName(column.name)) {
        await queryRunner.addColumn(table, column);
      }
    };
    await addMissing('memberships', new TableColumn({ name: 'preferences', type: t.text, isNullable: true }));
    await addMissing('accounts', new TableColumn({ name: 'defaults', type: t.text, isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('accounts', 'defaults');
    await queryRunner.dropColumn('memberships', 'preferences');
  }
}
