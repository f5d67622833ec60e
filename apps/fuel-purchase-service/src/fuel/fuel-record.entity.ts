import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedAccountRow } from '@wrenchlog/platform';

@Entity('fuel_records')
export class FuelRecordEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  /** Gallons in thousandths. */
  @Column({ name: 'amount_milli', type: 'integer' })
  amountMilli: number;

  /** Dollars per gallon in thousandths. */
  @Column({ name: 'price_per_unit_milli', type: 'integer' })
  pricePerUnitMilli: number;

  @Column({ name: 'total_price_cents', type: 'integer' })
  totalPriceCents: number;

  @Column({ name: 'date_of_purchase' })
  dateOfPurchase: Date;

  @Column({ name: 'date_created' })
  dateCreated: Date;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'store_name', type: 'varchar', length: 120, nullable: true })
  storeName: string | null;

  @Column({ name: 'store_city', type: 'varchar', length: 120, nullable: true })
  storeCity: string | null;

  @Column({ name: 'store_state', type: 'varchar', length: 60, nullable: true })
  storeState: string | null;

  @Column({ name: 'current_hours', type: 'double precision', nullable: true })
  currentHours: number | null;

  @Column({ name: 'current_mileage', type: 'double precision', nullable: true })
  currentMileage: number | null;

  @Column({ name: 'last_mileage', type: 'double precision', nullable: true })
  lastMileage: number | null;

  /** "Filled the tank" (issue 22). */
  @Column({ name: 'full_tank', type: 'boolean', default: true })
  fullTank: boolean;

  /** "Missed the previous fill-up" (issue 22). */
  @Column({ name: 'missed_previous', type: 'boolean', default: false })
  missedPrevious: boolean;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, nullable: true })
  idempotencyKey: string | null;

  /** The import that wrote the record (issue 23), null for one entered by hand. */
  @Column({ name: 'import_id', type: 'integer', nullable: true })
  importId: number | null;

  /** Its row in that import's file: (import_id, import_row) is unique. */
  @Column({ name: 'import_row', type: 'integer', nullable: true })
  importRow: number | null;
}
