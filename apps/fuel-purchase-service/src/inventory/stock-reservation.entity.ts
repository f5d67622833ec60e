import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Units of a part a line of an open work order holds back (issue 35); their sum per part is `parts.reserved`. */
@Entity('stock_reservations')
export class StockReservationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ type: 'varchar', length: 100 })
  holder: string;

  @Column({ name: 'line_key', type: 'varchar', length: 100 })
  lineKey: string;

  @Column({ name: 'part_id', type: 'integer' })
  partId: number;

  @Column({ type: 'integer' })
  quantity: number;
}
