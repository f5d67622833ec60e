import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A named lease of import-service's periodic work (the retention pass): one replica runs it at a time. */
@Entity('import_leases')
export class ImportLeaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  holder: string | null;

  @Column({ name: 'expires_at' })
  expiresAt: Date;
}
