import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Page views of one page on one UTC day, written by the Daily Analytics Aggregation job. */
@Entity('page_view_daily')
export class PageViewDailyEntity {
  /** YYYY-MM-DD, UTC. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 500 })
  page: string;

  @Column({ type: 'integer' })
  views: number;
}
