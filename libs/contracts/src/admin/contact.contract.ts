import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery, type Page } from '../paging.js';
import { Trimmed } from '../input.js';

// Producer: gateway. Consumer: user-service (stores the submission and mails the sales inbox).
/** POST /api/contact (public): the shared contact submission of the Contact Sales and Platinum pages. */
export const ADMIN_CONTACT_SUBMIT = 'admin.contact.submit' as const;
/** POST /api/sales-contacts (public): the separate sales-contact form. */
export const ADMIN_SALES_CONTACT_SUBMIT = 'admin.sales-contact.submit' as const;
/** GET /api/admin/contacts (admin): both kinds, newest first, paged. */
export const ADMIN_CONTACT_LIST = 'admin.contact.list' as const;

export const CONTACT_TYPES = ['SalesContact', 'PlatinumAccount'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export class ContactRequest {
  @IsString({ message: 'Name is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(120, { message: 'Name must be at most 120 characters' })
  name!: string;

  @IsString({ message: 'Email is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @IsOptional()
  @IsString({ message: 'Phone must be text' })
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  phone?: string | null;

  @IsOptional()
  @IsString({ message: 'Company must be text' })
  @MaxLength(160, { message: 'Company must be at most 160 characters' })
  company?: string | null;

  @IsString({ message: 'Message is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Message is required' })
  @MaxLength(5000, { message: 'Message must be at most 5000 characters' })
  message!: string;

  @IsIn(CONTACT_TYPES, { message: 'Contact type must be SalesContact or PlatinumAccount' })
  contactType!: ContactType;
}

export class SalesContactRequest {
  @IsString({ message: 'Name is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(120, { message: 'Name must be at most 120 characters' })
  name!: string;

  @IsString({ message: 'Company is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Company is required' })
  @MaxLength(160, { message: 'Company must be at most 160 characters' })
  company!: string;

  @IsOptional()
  @IsString({ message: 'Phone must be text' })
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  phone?: string | null;

  @IsString({ message: 'Email is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @IsString({ message: 'Requirements are required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Requirements are required' })
  @MaxLength(5000, { message: 'Requirements must be at most 5000 characters' })
  requirements!: string;
}

/** A submission as the gateway passes it on: the form plus the caller's address (request.ip), kept for abuse checks. */
export type FromAddress<T> = T & { ipAddress?: string | null };

/** What POST /api/contact answers (201). */
export interface ContactView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string;
  contactType: ContactType;
  /** ISO 8601 instant, UTC. */
  createDate: string;
}

/** What POST /api/sales-contacts answers (201). */
export interface SalesContactView {
  id: number;
  name: string;
  company: string;
  phone: string | null;
  email: string;
  requirements: string;
  createDate: string;
}

/** One stored submission as the admin list shows it; source says which call made it. */
export interface ContactSubmissionView extends ContactView {
  source: 'contact' | 'sales-contacts';
}

export class ContactListQuery extends PageQuery {}

export type ContactPage = Page<ContactSubmissionView>;
