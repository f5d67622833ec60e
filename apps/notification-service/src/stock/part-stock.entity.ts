import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Each part's stock level as inventory.stock.changed last told it: ok, low or out. */
@Entity('part_stock_states')
export class PartStockEntity {
  @PrimaryColumn({ name: 'part_id', type: 'integer' })
  partId: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'varchar', length: 5 })
  level: string;

  @Column({ name: 'event_at' })
  eventAt: Date;
}
