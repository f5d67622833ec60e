import type { ImageState } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type PhotoKind = 'profile' | 'gallery';

@Entity('machine_photos')
export class MachinePhotoEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'varchar', length: 16 })
  kind: PhotoKind;

  @Column({ name: 'original_key', type: 'varchar', length: 200, unique: true })
  originalKey: string;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 200 })
  thumbnailKey: string;

  /** As uploaded; kept so the photo can be announced to the image worker again (the ImageReconciler of @wrenchlog/owned-images). */
  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  @Column({ name: 'original_size', type: 'integer' })
  originalSize: number;

  @Column({ name: 'thumbnail_size', type: 'integer', nullable: true })
  thumbnailSize: number | null;

  @Column({ name: 'thumbnail_uploaded', type: 'boolean' })
  thumbnailUploaded: boolean;

  @Column({ type: 'varchar', length: 16 })
  state: ImageState;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
