import { idColumn, portableTypes } from '@wrenchlog/platform';
import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class CreatePageViews1763742000000 implements MigrationInterface {
  name = 'CreatePageViews1763742000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const t = portableTypes(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'page_views',
        columns: [
          idColumn,
          { name: 'page', type: 'varchar', length: '500' },
          { name: 'referrer', type: 'varchar', length: '2048', isNullable: true },
          { name: 'user_agent', type: 'varchar', length: '1024', isNullable: true },
          { name: 'ip_address', type: 'varchar', length: '64' },
          { name: 'viewed_at', type: t.timestamp },
          { name: 'country', type: 'varchar', length: '64' },
        ],
      }),
    );
    await queryRunner.createIndex('page_views', new TableIndex({ name: 'idx_page_views_viewed_at', columnNames: ['viewed_at'] }));
    await queryRunner.createIndex('page_views', new TableIndex({ name: 'idx_page_views_page_viewed_at', columnNames: ['page', 'viewed_at'] }));
    await queryRunner.createTable(
      new Table({
        name: 'page_view_daily',
        columns: [
          { name: 'day', type: t.date, isPrimary: true },
          { name: 'page', type: 'varchar', length: '500', isPrimary: true },
          { name: 'views', type: t.integer },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('page_view_daily');
    await queryRunner.dropTable('page_views');
  }
}
