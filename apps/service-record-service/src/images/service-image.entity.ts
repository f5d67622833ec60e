import type { ImageState } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A photo of a service record: the object keys the gateway stored it under, and its processing state. */
@Entity('service_images')
export class ServiceImageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The account of the record (and of the key prefix `u{accountId}/`). */
  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'record_id', type: 'integer' })
  recordId: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'original_key', type: 'varchar', length: 512, unique: true })
  originalKey: string;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 512 })
  thumbnailKey: string;

  @Column({ name: 'content_type', type: 'varchar', length: 50 })
  contentType: string;

  @Column({ name: 'original_size', type: 'integer' })
  originalSize: number;

  @Column({ name: 'thumbnail_size', type: 'integer', nullable: true })
  thumbnailSize: number | null;

  @Column({ type: 'varchar', length: 20 })
  state: ImageState;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
