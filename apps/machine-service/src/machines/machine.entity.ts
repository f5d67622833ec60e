import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

const decimal = {
  to: (v: number | null | undefined) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? null : Number(v)),
};

@Entity('machines')
export class MachineEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'integer' })
  year: number;

  @Column({ type: 'varchar', length: 60 })
  make: string;

  @Column({ type: 'varchar', length: 60 })
  model: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  submodel: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  vin: string | null;

  /** A serial number or PIN (heavy equipment has one instead of a VIN; issue 33). */
  @Column({ name: 'serial_number', type: 'varchar', length: 32, nullable: true })
  serialNumber: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  color: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  status: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  type: string | null;

  @Column({ name: 'purchased_date', type: 'date', nullable: true })
  purchasedDate: string | null;

  @Column({ name: 'last_serviced_date', type: 'date', nullable: true })
  lastServicedDate: string | null;

  @Column({ type: 'integer', nullable: true })
  miles: number | null;

  @Column({ type: 'decimal', precision: 12, scale: 1, nullable: true, transformer: decimal })
  hours: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  license: string | null;

  @Column({ name: 'license_expiration_date', type: 'date', nullable: true })
  licenseExpirationDate: string | null;

  @Column({ name: 'is_permanent_license', type: 'boolean', default: false })
  isPermanentLicense: boolean;

  @Column({ name: 'insurance_provider', type: 'varchar', length: 120, nullable: true })
  insuranceProvider: string | null;

  @Column({ name: 'policy_number', type: 'varchar', length: 60, nullable: true })
  policyNumber: string | null;

  @Column({ name: 'insurance_expiration_date', type: 'date', nullable: true })
  insuranceExpirationDate: string | null;

  @Column({ name: 'profile_photo_id', type: 'integer', nullable: true })
  profilePhotoId: number | null;

  @Column({ name: 'last_updated' })
  lastUpdated: Date;

  /** When the newest applied service.record.changed happened, so an older event arriving late changes nothing. */
  @Column({ name: 'service_state_at', nullable: true, type: Date })
  serviceStateAt: Date | null;

  /** The `at` of the schedule.meters.changed last applied to miles and hours (an older one changes nothing). */
  @Column({ name: 'meters_at', nullable: true, type: Date })
  metersAt: Date | null;

  @Column({ name: 'created_at' })
  createdAt: Date;

  /** Held Down by open out-of-service issues (issue 35, work.machine.outOfService). */
  @Column({ name: 'held_down', type: 'boolean', default: false })
  heldDown: boolean;

  /** The status the machine returns to when no out-of-service issue holds it: its status before, or the one set by hand since. */
  @Column({ name: 'status_after_down', type: 'varchar', length: 60, nullable: true })
  statusAfterDown: string | null;

  /** The `at` of the work.machine.outOfService last applied (an older one changes nothing). */
  @Column({ name: 'held_down_at', nullable: true, type: Date })
  heldDownAt: Date | null;

  /** Archived: out of the lists and pickers, history kept, can be restored (issue 18). */
  @Column({ type: 'boolean', default: false })
  archived: boolean;

  /** The create call's idempotency key: a retried create answers the machine it made the first time. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The import that created the machine (issue 23), null for one entered by hand. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  /** Its row in a machines file; null for a machine created for a name a records file gave. */
  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;
}
