import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 35's reservations: the version of the set of parts an order holds back, rising with each change. */
export class AddStockVersion1767510000100 implements MigrationInterface {
  name = 'AddStockVersion1767510000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('work_orders', new TableColumn({ name: 'stock_version', type: 'integer', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('work_orders', 'stock_version');
  }
}
