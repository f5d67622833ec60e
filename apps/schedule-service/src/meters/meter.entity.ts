import type { MeterKind, MeterUnit } from '@wrenchlog/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A distance or hours meter of a machine of an account. */
@Entity('meters')
export class MeterEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: MeterKind;

  @Column({ type: 'varchar', length: 4 })
  unit: MeterUnit;

  @Column({ type: 'varchar', length: 60 })
  label: string;

  @Column({ name: 'rollover_value', type: 'double precision' })
  rolloverValue: number;

  @Column({ name: 'manual_rate', type: 'double precision', nullable: true })
  manualRate: number | null;

  @Column({ name: 'date_created' })
  dateCreated: Date;
}
