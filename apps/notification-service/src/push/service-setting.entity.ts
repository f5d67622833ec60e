import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Settings this service generates once and every replica shares (the VAPID keys when distributed). */
@Entity('service_settings')
export class ServiceSettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'text' })
  value: string;
}
