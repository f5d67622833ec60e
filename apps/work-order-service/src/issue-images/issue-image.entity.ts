import type { ImageState } from '@wrenchlog/contracts';
import { AuditedAccountRow } from '@wrenchlog/platform';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A photo of an issue (issue 35): the object keys the gateway stored it under, who added it
 * (`createdBy`: they may remove it without issue.write), and its processing state.
 */
@Entity('issue_images')
export class IssueImageEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId: number;

  /** The issue's machine: machine.machine.deleted removes its photos (here and in the worker's ledger). */
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
