import type { DocumentParentKind } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A deleted record: a document added for it after its deletion event (a race) goes at once. */
@Entity('deleted_document_parents')
export class DeletedDocumentParentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'parent_kind', type: 'varchar', length: 20 })
  parentKind: DocumentParentKind;

  @Column({ name: 'parent_id', type: 'integer' })
  parentId: number;

  @Column({ name: 'deleted_at' })
  deletedAt: Date;
}
