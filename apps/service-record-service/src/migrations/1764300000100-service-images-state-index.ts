import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The image reconciler (libs/owned-images) asks every minute for images still pending after their
 * grace period: this index answers it without reading every image, as machine_photos' does.
 */
export class ServiceImagesStateIndex1764300000100 implements MigrationInterface {
  name = 'ServiceImagesStateIndex1764300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('service_images', new TableIndex({ name: 'idx_service_images_state', columnNames: ['state', 'created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('service_images', 'idx_service_images_state');
  }
}
