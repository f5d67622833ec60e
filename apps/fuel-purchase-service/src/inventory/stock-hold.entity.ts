import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The version of the set a holder (a work order) last reserved: an older set arriving late is ignored. */
@Entity('stock_holds')
export class StockHoldEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'varchar', length: 100 })
  holder: string;

  // bigint comes back as a string on PostgreSQL: read through Number().
  @Column({ type: 'bigint' })
  version: string | number;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
