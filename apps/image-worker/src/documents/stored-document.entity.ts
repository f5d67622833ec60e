import type { DocumentParentKind } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

/** A document (PDF) attached to a machine or one of its records, in the ledger of stored files. */
@Entity('documents')
export class StoredDocumentEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'parent_kind', type: 'varchar', length: 20 })
  parentKind: DocumentParentKind;

  @Column({ name: 'parent_id', type: 'integer' })
  parentId: number;

  /** The machine of the parent (null for a purchase without one): machine.machine.deleted removes it. */
  @Column({ name: 'machine_id', type: 'integer', nullable: true })
  machineId: number | null;

  @Column({ name: 'object_key', type: 'varchar', length: 200, unique: true })
  objectKey: string;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'content_type', type: 'varchar', length: 60 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
