import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of an import after the dry run: its status, messages and the record it would write. */
@Entity('import_rows')
export class ImportRowEntity {
  @PrimaryColumn({ name: 'import_id', type: 'integer' })
  importId: number;

  @PrimaryColumn({ name: 'row_number', type: 'integer' })
  rowNumber: number;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** The order the job writes the row in: oldest first, fills of one instant by odometer (the file's order for a restore). */
  @Column({ name: 'write_order', type: 'integer', default: 0 })
  writeOrder: number;

  @Column({ type: 'varchar', length: 10 })
  status: string;

  /** JSON: string[] */
  @Column({ type: 'text' })
  messages: string;

  /** JSON: the DTO-shaped record; null when a cell could not be read at all. */
  @Column({ type: 'text', nullable: true })
  record: string | null;

  @Column({ name: 'machine_name', type: 'varchar', length: 200, nullable: true })
  machineName: string | null;

  @Column({ name: 'duplicate_of', type: 'integer', nullable: true })
  duplicateOf: number | null;

  /** A machine row of a name the user has, with sameNameMachines 'use': that machine (the row is skipped, its records go there). */
  @Column({ name: 'existing_machine_id', type: 'integer', nullable: true })
  existingMachineId: number | null;

  /** A duplicate the user chose to import anyway. */
  @Column({ type: 'boolean', default: false })
  keep: boolean;

  /** Set by commit: pending, written, skipped or failed. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  outcome: string | null;

  /** The id of the record the owner wrote. */
  @Column({ name: 'target_id', type: 'integer', nullable: true })
  targetId: number | null;
}
