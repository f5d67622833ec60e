import { IsDefined, IsIn, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { atMost, decimals } from '../fuel/messages.js';
import { PageQuery, type Page } from '../paging.js';
import type { HistoryWindow } from '../history.limits.js';
import { PART_STATUSES, PURCHASE_LIMITS, PURCHASE_MESSAGES, PURCHASE_TEXT_LIMITS as TEXT, purchaseTextTooLong, type PartStatus } from './purchase.limits.js';
import { EmptyIsMissing, IsDecimal, Trimmed } from '../input.js';
import { MAX_ID } from '../ids.js';
import type { Audited } from '../account/member.events.js';

// Producer: gateway. Consumer: fuel-purchase-service.
export const PURCHASE_RECENT = 'inventory.purchase.recent' as const;
export const PURCHASE_RECENT_FOR_MACHINE = 'inventory.purchase.recentForMachine' as const;
export const PURCHASE_GET = 'inventory.purchase.get' as const;
export const PURCHASE_CREATE = 'inventory.purchase.create' as const;
export const PURCHASE_UPDATE = 'inventory.purchase.update' as const;
export const PURCHASE_DELETE = 'inventory.purchase.delete' as const;

/**
 * The part purchase form (POST and PUT carry the same fields). userId is never read from the body
 * (the SPA sends 0): a purchase always belongs to the signed-in user. id and createDate are set by
 * the server. machineId, partId and storeId of 0 or null mean "none".
 */
export class PurchaseInput {
  @IsString({ message: PURCHASE_MESSAGES.partName })
  @Trimmed()
  @IsNotEmpty({ message: PURCHASE_MESSAGES.partName })
  @MaxLength(TEXT.partName.max, { message: purchaseTextTooLong(TEXT.partName) })
  partName!: string;

  @IsOptional()
  @IsString()
  @MaxLength(TEXT.partNumber.max, { message: purchaseTextTooLong(TEXT.partNumber) })
  partNumber?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(TEXT.partDescription.max, { message: purchaseTextTooLong(TEXT.partDescription) })
  partDescription?: string | null;

  /** A link the SPA renders: http or https only (never javascript: or data:). Empty means none. */
  @ValidateIf((o: PurchaseInput) => o.partUrl !== undefined && o.partUrl !== null && o.partUrl !== '')
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: PURCHASE_MESSAGES.partUrl })
  @MaxLength(TEXT.partUrl.max, { message: purchaseTextTooLong(TEXT.partUrl) })
  partUrl?: string | null;

  @EmptyIsMissing()
  @IsDefined({ message: PURCHASE_MESSAGES.quantity })
  @IsInt({ message: PURCHASE_MESSAGES.quantityWhole })
  @Min(PURCHASE_LIMITS.quantity.min, { message: PURCHASE_MESSAGES.quantityMin })
  @Max(PURCHASE_LIMITS.quantity.max, { message: atMost(PURCHASE_LIMITS.quantity.max) })
  quantity!: number;

  @EmptyIsMissing()
  @IsDefined({ message: PURCHASE_MESSAGES.price })
  @IsDecimal(PURCHASE_LIMITS.price.places, { message: decimals(PURCHASE_LIMITS.price.places) })
  @Min(PURCHASE_LIMITS.price.min, { message: PURCHASE_MESSAGES.priceMin })
  @Max(PURCHASE_LIMITS.price.max, { message: atMost(PURCHASE_LIMITS.price.max) })
  price!: number;

  /** Left out: New (the spec's default). null or empty: 'Status is required'. */
  @Trimmed()
  @IsNotEmpty({ message: PURCHASE_MESSAGES.partStatus })
  @IsIn(PART_STATUSES, { message: `Status must be one of ${PART_STATUSES.join(', ')}` })
  partStatus: PartStatus = 'New';

  /** ISO 8601 instant. */
  @Trimmed()
  @IsNotEmpty({ message: PURCHASE_MESSAGES.purchaseDate })
  @IsISO8601({ strict: true }, { message: 'Purchase date must be an ISO 8601 date and time' })
  purchaseDate!: string;

  @IsString({ message: PURCHASE_MESSAGES.storeName })
  @Trimmed()
  @IsNotEmpty({ message: PURCHASE_MESSAGES.storeName })
  @MaxLength(TEXT.storeName.max, { message: purchaseTextTooLong(TEXT.storeName) })
  storeName!: string;

  @IsOptional()
  @IsString()
  @MaxLength(TEXT.storeCity.max, { message: purchaseTextTooLong(TEXT.storeCity) })
  storeCity?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(TEXT.storeState.max, { message: purchaseTextTooLong(TEXT.storeState) })
  storeState?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(TEXT.storeAddress.max, { message: purchaseTextTooLong(TEXT.storeAddress) })
  storeAddress?: string | null;

  @IsOptional()
  @IsInt({ message: 'Machine id must be a whole number' })
  @Min(0, { message: 'Machine id must not be negative' })
  @Max(MAX_ID, { message: 'Machine id is not valid' })
  machineId?: number | null;

  /** One of the caller's inventory parts: its stock rises when the purchase is Purchased. */
  @IsOptional()
  @IsInt({ message: 'Part id must be a whole number' })
  @Min(0, { message: 'Part id must not be negative' })
  @Max(MAX_ID, { message: 'Part id is not valid' })
  partId?: number | null;

  /** One of the caller's suppliers (the store it was bought from). */
  @IsOptional()
  @IsInt({ message: 'Store id must be a whole number' })
  @Min(0, { message: 'Store id must not be negative' })
  @Max(MAX_ID, { message: 'Store id is not valid' })
  storeId?: number | null;
}

export class PurchasePageQuery extends PageQuery {}

/** A part purchase as every call answers it; `userId` is the member who added it (the spec's field), `createdBy` names them (issue 32). */
export interface Purchase extends Audited {
  id: number;
  partName: string;
  partNumber: string | null;
  partDescription: string | null;
  partUrl: string | null;
  quantity: number;
  price: number;
  storeName: string;
  storeCity: string | null;
  storeState: string | null;
  storeAddress: string | null;
  partStatus: PartStatus;
  /** ISO 8601 instant, UTC. */
  purchaseDate: string;
  /** ISO 8601 instant, UTC; set by the server. */
  createDate: string;
  machineId: number | null;
  partId: number | null;
  userId: number;
  storeId: number | null;
}

export type PurchasePage = Page<Purchase>;

export interface PurchaseIdRequest {
  id: number;
}
export interface PurchasePageRequest {
  page: number;
  size: number;
}
/** `page`/`size` page the list (answered as a full Page); without them the newest MACHINE_HISTORY_LIMITS.unpaged. */
export interface PurchasesForMachineRequest extends HistoryWindow {
  machineId: number;
}
/** `{content}` unpaged (as the spec reads it); paged, a Page, whose `content` reads the same. */
export type PurchasesForMachine = { content: Purchase[] } | PurchasePage;
export interface PurchaseCreateRequest {
  purchase: PurchaseInput;
}
export interface PurchaseUpdateRequest {
  id: number;
  purchase: PurchaseInput;
}
