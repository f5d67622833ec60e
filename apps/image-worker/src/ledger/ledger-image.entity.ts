import type { ImageOwner, ImageState } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type LedgerState = ImageState | 'deleted';

/** One stored image (original and thumbnail) in the worker's ledger. originalKey identifies it. */
@Entity('ledger_images')
export class LedgerImageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'varchar', length: 40 })
  owner: ImageOwner;

  @Column({ name: 'record_id', type: 'integer' })
  recordId: number;

  @Column({ name: 'machine_id', type: 'integer', nullable: true })
  machineId: number | null;

  @Column({ name: 'original_key', type: 'varchar', length: 200, unique: true })
  originalKey: string;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 200 })
  thumbnailKey: string;

  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  @Column({ name: 'thumbnail_uploaded', type: 'boolean' })
  thumbnailUploaded: boolean;

  @Column({ name: 'original_size', type: 'integer' })
  originalSize: number;

  @Column({ name: 'thumbnail_size', type: 'integer', nullable: true })
  thumbnailSize: number | null;

  /** pending, processed or failed; 'deleted' keeps the key as a tombstone so a late image.stored is ignored. */
  @Column({ type: 'varchar', length: 16 })
  state: LedgerState;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** How many times processing started; a claim expires after IMAGE_CLAIM_SECONDS. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'claimed_until', nullable: true, type: Date })
  claimedUntil: Date | null;

  @Column({ name: 'processed_at', nullable: true, type: Date })
  processedAt: Date | null;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
