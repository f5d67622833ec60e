import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('page_views')
export class PageViewEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 500 })
  page: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  referrer: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 1024, nullable: true })
  userAgent: string | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 64 })
  ipAddress: string;

  /** When the server received the view (UTC); the client's clock is not trusted. */
  @Column({ name: 'viewed_at' })
  timestamp: Date;

  @Column({ type: 'varchar', length: 64 })
  country: string;
}
