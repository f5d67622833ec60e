import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Records seen by their saved events, so the first is `record.created` and the next `record.updated`. */
@Entity('seen_records')
export class SeenRecordEntity {
  @PrimaryColumn({ name: 'record_key', type: 'varchar', length: 40 })
  recordKey: string;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
