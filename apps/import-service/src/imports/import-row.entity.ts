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
}
