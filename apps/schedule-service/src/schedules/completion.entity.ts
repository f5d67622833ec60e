import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A schedule done by a service record, at the record's date and the meters' values on it. */
@Entity('schedule_completions')
export class CompletionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @Column({ name: 'schedule_id', type: 'integer' })
  scheduleId: number;

  @Column({ name: 'service_record_id', type: 'integer' })
  serviceRecordId: number;

  @Column({ name: 'done_date', type: 'date' })
  doneDate: string;

  @Column({ type: 'double precision', nullable: true })
  distance: number | null;

  @Column({ type: 'double precision', nullable: true })
  hours: number | null;
}
