import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A machine whose images are gone: an image.stored for it that arrives late is discarded, not processed. */
@Entity('deleted_machines')
export class DeletedMachineEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @Column({ name: 'deleted_at' })
  deletedAt: Date;
}
