import type { InspectionFrequency } from '@wrenchlog/contracts';
import { AuditedAccountRow } from '@wrenchlog/platform';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A checklist (issue 35). Built-in forms have account 0: every account reads them, none changes them. */
@Entity('inspection_forms')
export class InspectionFormEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ name: 'machine_type', type: 'varchar', length: 60, nullable: true })
  machineType: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  frequency: InspectionFrequency | null;

  /** The items as a JSON array of InspectionItem (read and written whole with the form). */
  @Column({ type: 'text' })
  items: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}

/** The account of the built-in forms (no account has id 0). */
export const BUILT_IN_ACCOUNT = 0;
