// Pure rules of the part purchase form (spec doc 2 sections 3, 4, 5 and 7): validation and the
// payload. No React, no network.
import type { Purchase, PurchaseInput } from '@wrenchlog/contracts';
import { PART_STATUSES, PURCHASE_LIMITS, PURCHASE_MESSAGES, PURCHASE_TEXT_LIMITS, purchaseTextTooLong, type PartStatus } from '@wrenchlog/contracts/limits';
import dayjs from 'dayjs';
import { atOnePmLocal, toDateInput } from '../../lib/machine-dates';
import { checkNumber, numberText, parseNumber } from '../../core/forms/form-rules';

/** Everything as typed, so nothing is lost on bad input. Ids are '' for none. */
export interface PurchaseFormValues {
  machineId: string;
  partId: string;
  partName: string;
  partNumber: string;
  partDescription: string;
  partUrl: string;
  quantity: string;
  price: string;
  partStatus: string;
  /** `YYYY-MM-DD` (a date input). */
  purchaseDate: string;
  storeName: string;
  storeCity: string;
  storeState: string;
}

export type PurchaseField = keyof PurchaseFormValues;
export type PurchaseErrors = Partial<Record<PurchaseField, string>>;

/** The form's text fields with a server length limit (the form has no store address). */
const TEXT_FIELDS = [
  'partName',
  'partNumber',
  'partDescription',
  'partUrl',
  'storeName',
  'storeCity',
  'storeState',
] as const satisfies readonly (PurchaseField & keyof typeof PURCHASE_TEXT_LIMITS)[];

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The spec's messages (section 5) and the server's limits (libs/contracts PurchaseInput). */
export function validatePurchase(v: PurchaseFormValues): PurchaseErrors {
  const errors: PurchaseErrors = {};
  if (!v.partName.trim()) {
    errors.partName = PURCHASE_MESSAGES.partName;
  }
  const quantity = checkNumber(v.quantity, {
    required: PURCHASE_MESSAGES.quantity,
    ...PURCHASE_LIMITS.quantity,
    places: 0,
    integer: PURCHASE_MESSAGES.quantityWhole,
    minMessage: PURCHASE_MESSAGES.quantityMin,
  });
  if (quantity) {
    errors.quantity = quantity;
  }
  const price = checkNumber(v.price, { required: PURCHASE_MESSAGES.price, ...PURCHASE_LIMITS.price, minMessage: PURCHASE_MESSAGES.priceMin });
  if (price) {
    errors.price = price;
  }
  if (!(PART_STATUSES as readonly string[]).includes(v.partStatus)) {
    errors.partStatus = PURCHASE_MESSAGES.partStatus;
  }
  if (!v.purchaseDate.trim() || !dayjs(v.purchaseDate).isValid()) {
    errors.purchaseDate = PURCHASE_MESSAGES.purchaseDate;
  }
  if (!v.storeName.trim()) {
    errors.storeName = PURCHASE_MESSAGES.storeName;
  }
  if (v.partUrl.trim() && !isWebAddress(v.partUrl.trim())) {
    errors.partUrl = PURCHASE_MESSAGES.partUrl;
  }
  for (const field of TEXT_FIELDS) {
    const limit = PURCHASE_TEXT_LIMITS[field];
    if (!errors[field] && v[field].trim().length > limit.max) {
      errors[field] = purchaseTextTooLong(limit);
    }
  }
  return errors;
}

export function emptyPurchaseValues(machineId: number | undefined, today: Date): PurchaseFormValues {
  return {
    machineId: machineId ? String(machineId) : '',
    partId: '',
    partName: '',
    partNumber: '',
    partDescription: '',
    partUrl: '',
    quantity: '1',
    price: '',
    partStatus: 'New',
    purchaseDate: dayjs(today).format('YYYY-MM-DD'),
    storeName: '',
    storeCity: '',
    storeState: '',
  };
}

export function purchaseValues(p: Purchase): PurchaseFormValues {
  return {
    machineId: p.machineId ? String(p.machineId) : '',
    partId: p.partId ? String(p.partId) : '',
    partName: p.partName ?? '',
    partNumber: p.partNumber ?? '',
    partDescription: p.partDescription ?? '',
    partUrl: p.partUrl ?? '',
    quantity: numberText(p.quantity),
    price: p.price === null || p.price === undefined ? '' : Number(p.price).toFixed(2),
    partStatus: p.partStatus ?? 'New',
    purchaseDate: toDateInput(p.purchaseDate),
    storeName: p.storeName ?? '',
    storeCity: p.storeCity ?? '',
    storeState: p.storeState ?? '',
  };
}

/** The POST body of the spec (section 7): form fields, purchaseDate as an ISO timestamp, createDate, userId 0. */
export type PurchaseBody = PurchaseInput & { createDate?: string; userId?: number };

/**
 * The body of POST (a new purchase) or PUT (the full purchase with the form's fields over it). The
 * purchase date goes out at 13:00 local time, so its calendar day survives any time zone.
 */
export function toPurchaseBody(v: PurchaseFormValues, existing: Purchase | null, now: Date): PurchaseBody {
  const text = (s: string) => s.trim() || null;
  const fields = {
    partName: v.partName.trim(),
    partNumber: text(v.partNumber),
    partDescription: text(v.partDescription),
    partUrl: text(v.partUrl),
    quantity: Number(v.quantity),
    price: Number(v.price),
    partStatus: v.partStatus as PartStatus,
    // An unchanged day keeps the stored instant.
    purchaseDate:
      existing && toDateInput(existing.purchaseDate) === v.purchaseDate ? existing.purchaseDate : (atOnePmLocal(v.purchaseDate) ?? now.toISOString()),
    storeName: v.storeName.trim(),
    storeCity: text(v.storeCity),
    storeState: text(v.storeState),
    machineId: parseNumber(v.machineId) ?? 0,
    partId: parseNumber(v.partId) ?? 0,
  };
  if (existing) {
    return { ...existing, ...fields };
  }
  return { ...fields, createDate: now.toISOString(), userId: 0, storeId: 0 };
}
