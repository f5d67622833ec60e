import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A stretch of one physical meter: the first from the meter's creation, then one per replacement
 * or flagged rollover. Lifetime value = raw value + the segment's offset.
 */
@Entity('meter_segments')
export class MeterSegmentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'meter_id', type: 'integer' })
  meterId: number;

  /** Readings dated on or after it (up to the next segment) belong to it. */
  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'value_offset', type: 'double precision' })
  offset: number;
}
