import { AuditedAccountRow } from '@wrenchlog/platform';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A job template (issue 35): a named job, its steps and its kit, that work orders start from. */
@Entity('job_templates')
export class JobTemplateEntity extends AuditedAccountRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** The steps as a JSON array of strings (read and written whole with the template). */
  @Column({ type: 'text' })
  steps: string;

  /** The kit as a JSON array of StoredTemplateLine (money in cents). */
  @Column({ type: 'text' })
  lines: string;

  @Column({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'updated_at' })
  updatedAt: Date;
}
