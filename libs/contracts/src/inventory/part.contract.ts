import { IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { atMost, decimals } from '../fuel/messages.js';
import { PageQuery, type Page } from '../paging.js';
import { INVENTORY_LIMITS, PART_CATEGORIES, type PartCategory } from './part.limits.js';
import { EmptyIsMissing, IsDecimal, Trimmed } from '../input.js';
import { MAX_ID } from '../ids.js';
import type { Audited } from '../account/member.events.js';

// Producer: gateway. Consumer: fuel-purchase-service.
export const PART_LIST = 'inventory.part.list' as const;
export const PART_GET = 'inventory.part.get' as const;
export const PART_CREATE = 'inventory.part.create' as const;
export const PART_UPDATE = 'inventory.part.update' as const;
export const PART_DELETE = 'inventory.part.delete' as const;
export const PART_STATS = 'inventory.part.stats' as const;
export const INVENTORY_LOAD_SAMPLE = 'inventory.sample.load' as const;

/** The stock filter values of the spec (section 9). */
export const STOCK_FILTERS = ['in-stock', 'low-stock', 'out-of-stock'] as const;
export type StockStatus = (typeof STOCK_FILTERS)[number];

/** The part dialog (POST and PUT). id, supplier (the name) and stockStatus are answered, never read. */
export class PartInput {
  @IsString({ message: 'Part number is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Part number is required' })
  @MaxLength(100, { message: 'Part number must be at most 100 characters' })
  partNumber!: string;

  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'Brand must be at most 120 characters' })
  brand?: string | null;

  @IsString({ message: 'Name is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description?: string | null;

  @Trimmed()
  @IsNotEmpty({ message: 'Category is required' })
  @IsIn(PART_CATEGORIES, { message: `Category must be one of ${PART_CATEGORIES.join(', ')}` })
  category!: PartCategory;

  @EmptyIsMissing()
  @IsDefined({ message: 'Quantity is required' })
  @IsInt({ message: 'Quantity must be a whole number' })
  @Min(INVENTORY_LIMITS.quantity.min, { message: 'Quantity must be at least 0' })
  @Max(INVENTORY_LIMITS.quantity.max, { message: atMost(INVENTORY_LIMITS.quantity.max) })
  quantity!: number;

  @EmptyIsMissing()
  @IsDefined({ message: 'Min stock is required' })
  @IsInt({ message: 'Min stock must be a whole number' })
  @Min(INVENTORY_LIMITS.quantity.min, { message: 'Min stock must be at least 0' })
  @Max(INVENTORY_LIMITS.quantity.max, { message: atMost(INVENTORY_LIMITS.quantity.max) })
  minStock!: number;

  @EmptyIsMissing()
  @IsDefined({ message: 'Price is required' })
  @IsDecimal(INVENTORY_LIMITS.price.places, { message: decimals(INVENTORY_LIMITS.price.places) })
  @Min(INVENTORY_LIMITS.price.min, { message: 'Price must be at least 0' })
  @Max(INVENTORY_LIMITS.price.max, { message: atMost(INVENTORY_LIMITS.price.max) })
  price!: number;

  /** One of the caller's suppliers. */
  @EmptyIsMissing()
  @IsDefined({ message: 'Supplier is required' })
  @IsInt({ message: 'Supplier is required' })
  @Min(1, { message: 'Supplier is required' })
  @Max(MAX_ID, { message: 'Supplier is required' })
  supplierId!: number;
}

/** GET /api/parts: case-insensitive search on name, part number and description; stock filter; pages of 10 from 0. */
export class PartListQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(INVENTORY_LIMITS.search.max, { message: `Search must be at most ${INVENTORY_LIMITS.search.max} characters` })
  search?: string;

  @IsOptional()
  @IsIn(STOCK_FILTERS, { message: `Stock must be one of ${STOCK_FILTERS.join(', ')}` })
  stock?: StockStatus;
}

export interface Part extends Audited {
  id: number;
  partNumber: string;
  name: string;
  description: string | null;
  category: PartCategory;
  quantity: number;
  /** Units held back by the part lines of open work orders (issue 35). */
  reserved: number;
  /** quantity - reserved (may be below 0 when more is reserved than there is). */
  available: number;
  minStock: number;
  price: number;
  supplierId: number;
  /** The supplier's current name. */
  supplier: string;
  brand: string | null;
  /** out-of-stock when quantity is 0; low-stock when above 0 and at most minStock; else in-stock. */
  stockStatus: StockStatus;
}

export type PartPage = Page<Part>;

/** The Quick Stats counts of the inventory screen. */
export interface InventoryStats {
  totalParts: number;
  lowStock: number;
  outOfStock: number;
  suppliers: number;
}

export interface PartIdRequest {
  id: number;
}
export interface PartListRequest {
  search?: string;
  stock?: StockStatus;
  page: number;
  size: number;
}
export interface PartCreateRequest {
  part: PartInput;
}
export interface PartUpdateRequest {
  id: number;
  part: PartInput;
}
export type InventoryStatsRequest = Record<string, never>;
export type InventorySampleRequest = Record<string, never>;
