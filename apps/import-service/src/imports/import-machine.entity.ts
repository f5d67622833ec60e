import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A machine an import created for a name its file gave (so the job resumes without creating it twice, and Revert removes it). */
@Entity('import_machines')
export class ImportMachineEntity {
  @PrimaryColumn({ name: 'import_id', type: 'integer' })
  importId: number;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;
}
