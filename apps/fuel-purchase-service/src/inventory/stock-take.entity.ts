import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One part a take (issue 35: a work order's completion) took out of stock, under the take's key. */
@Entity('stock_takes')
export class StockTakeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'take_key', type: 'varchar', length: 200 })
  takeKey: string;

  @Column({ name: 'part_id', type: 'integer' })
  partId: number;

  /** The units taken (at most the stock there was; what a return puts back). */
  @Column({ type: 'integer' })
  quantity: number;

  @Column({ name: 'created_at' })
  createdAt: Date;
}
