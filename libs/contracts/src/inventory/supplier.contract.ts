import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Part } from './part.contract.js';
import { INVENTORY_LIMITS } from './part.limits.js';
import { PageQuery, type Page } from '../paging.js';
import { Trimmed } from '../input.js';
import type { Audited } from '../account/member.events.js';

// Producer: gateway. Consumer: fuel-purchase-service.
export const SUPPLIER_LIST = 'inventory.supplier.list' as const;
export const SUPPLIER_ALL = 'inventory.supplier.all' as const;
export const SUPPLIER_GET = 'inventory.supplier.get' as const;
export const SUPPLIER_CREATE = 'inventory.supplier.create' as const;
export const SUPPLIER_UPDATE = 'inventory.supplier.update' as const;
export const SUPPLIER_DELETE = 'inventory.supplier.delete' as const;

/** The supplier dialog (POST and PUT). Address is read as 'street, city, state zip'. */
export class SupplierInput {
  @IsString({ message: 'Company name is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Company name is required' })
  @MaxLength(200, { message: 'Company name must be at most 200 characters' })
  name!: string;

  @IsString({ message: 'Contact person is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Contact person is required' })
  @MaxLength(120, { message: 'Contact person must be at most 120 characters' })
  contact!: string;

  @Trimmed()
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email!: string;

  @IsString({ message: 'Phone is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Phone is required' })
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  phone!: string;

  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'Address must be at most 500 characters' })
  address?: string | null;
}

/** GET /api/suppliers: case-insensitive search on name, contact, email and address; pages of 10 from 0. */
export class SupplierListQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(INVENTORY_LIMITS.search.max, { message: `Search must be at most ${INVENTORY_LIMITS.search.max} characters` })
  search?: string;
}

export interface Supplier extends Audited {
  id: number;
  name: string;
  contact: string;
  email: string;
  phone: string;
  address: string | null;
}

export type SupplierPage = Page<Supplier>;

export interface SupplierIdRequest {
  id: number;
}
export interface SupplierListRequest {
  search?: string;
  page: number;
  size: number;
}
export type SupplierAllRequest = Record<string, never>;
export interface SupplierCreateRequest {
  supplier: SupplierInput;
}
export interface SupplierUpdateRequest {
  id: number;
  supplier: SupplierInput;
}

/** POST /api/parts/sample answers what it loaded. */
export interface InventorySample {
  suppliers: Supplier[];
  parts: Part[];
}
