import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A contact (Contact Sales, Platinum inquiry) or sales-contact form submission. */
@Entity('contact_submissions')
export class ContactSubmissionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Which call made it: 'contact' (POST /api/contact) or 'sales-contacts' (POST /api/sales-contacts). */
  @Column({ type: 'varchar', length: 20 })
  source: 'contact' | 'sales-contacts';

  @Column({ name: 'contact_type', type: 'varchar', length: 20 })
  contactType: 'SalesContact' | 'PlatinumAccount';

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  company: string | null;

  /** The message, or the requirements text of a sales-contact or platinum inquiry. */
  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ name: 'create_date' })
  createDate: Date;
}
