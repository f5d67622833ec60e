import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A photo of a restore (a Wrenchlog export's ZIP): which row's record it goes to, whether it can, and what the job did with it. */
@Entity('import_photos')
export class ImportPhotoEntity {
  @PrimaryColumn({ name: 'import_id', type: 'integer' })
  importId: number;

  /** 1, 2, ... in the export's order: names the stored object (importPhotoKeys). */
  @PrimaryColumn({ type: 'integer' })
  seq: number;

  @Column({ name: 'row_number', type: 'integer' })
  rowNumber: number;

  /** 'machine' or 'service'. */
  @Column({ type: 'varchar', length: 10 })
  owner: string;

  /** 'profile', 'gallery' or 'image'. */
  @Column({ type: 'varchar', length: 10 })
  role: string;

  @Column({ type: 'varchar', length: 300 })
  path: string;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'byte_size', type: 'integer' })
  byteSize: number;

  /** 'jpeg', 'png' or 'webp'; null when it is none of them. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  type: string | null;

  /** Why the dry run found it cannot be restored (null: it can). */
  @Column({ type: 'text', nullable: true })
  problem: string | null;

  /** 'planned' before a commit, then 'pending', 'written', 'failed', 'skipped' (its row was not written or it has a problem), 'reverted'. */
  @Column({ type: 'varchar', length: 10 })
  outcome: string;

  /** Why the owner refused it at import. */
  @Column({ type: 'text', nullable: true })
  message: string | null;
}
