// Pure rules of the Parts & Inventory screen (spec sections 4 and 9): no React, no network.
import type { Part, ReorderItem, StockMovement, StockStatus } from '@wrenchlog/contracts';
import { PART_CATEGORIES } from '@wrenchlog/contracts/limits';

export const RECENT_MAX = 6;
export const STOCK_FILTER_OPTIONS: { value: '' | StockStatus; label: string }[] = [
  { value: '', label: 'All Stock Levels' },
  { value: 'in-stock', label: 'In Stock' },
  { value: 'low-stock', label: 'Low Stock' },
  { value: 'out-of-stock', label: 'Out of Stock' },
];
export const TABS = ['parts', 'suppliers', 'reorder', 'recent'] as const;
export type InventoryTab = (typeof TABS)[number];

/** The tab from the `tab` query value; anything unknown is the default Parts Management tab. */
export function tabFromQuery(value: string | null): InventoryTab {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as InventoryTab) : 'parts';
}

/** out of stock at 0; low stock above 0 and at most minStock; in stock above minStock. */
export function stockStatus(quantity: number, minStock: number): StockStatus {
  if (quantity <= 0) {
    return 'out-of-stock';
  }
  return quantity <= minStock ? 'low-stock' : 'in-stock';
}

const LABELS: Record<StockStatus, string> = { 'out-of-stock': 'Out of Stock', 'low-stock': 'Low Stock', 'in-stock': 'In Stock' };
const COLORS: Record<StockStatus, string> = { 'out-of-stock': 'red', 'low-stock': 'yellow', 'in-stock': 'green' };

export function stockLabel(quantity: number, minStock: number): string {
  return LABELS[stockStatus(quantity, minStock)];
}

export function stockColor(quantity: number, minStock: number): string {
  return COLORS[stockStatus(quantity, minStock)];
}

/**
 * City and state from an address read as 'street, city, state zip': 'Springfield, IL'.
 * Fewer parts degrade gracefully: 'city, state zip' gives the same; one part is shown as it is.
 */
export function locationFromAddress(address: string | null | undefined): string {
  const parts = (address ?? '')
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) {
    return '';
  }
  if (parts.length === 1) {
    return parts[0];
  }
  const last = parts[parts.length - 1];
  const city = parts[parts.length - 2];
  // 'IL 62701' or 'IL' → 'IL'; a zip alone ('62701') is not a state.
  const state = last.replace(/\s+[\d-]+$/, '').trim();
  if (!state || /^[\d-]+$/.test(state)) {
    return city;
  }
  return `${city}, ${state}`;
}

/** The fields a Recently Viewed card shows. */
export type RecentPart = Pick<Part, 'id' | 'partNumber' | 'name' | 'description' | 'quantity' | 'minStock' | 'price'>;

export function toRecent(part: RecentPart): RecentPart {
  const { id, partNumber, name, description, quantity, minStock, price } = part;
  return { id, partNumber, name, description, quantity, minStock, price };
}

/** The viewed part goes to the front, without duplicates, at most 6. */
export function pushRecent(list: readonly RecentPart[], part: RecentPart): RecentPart[] {
  return [toRecent(part), ...list.filter((p) => p.id !== part.id)].slice(0, RECENT_MAX);
}

/** Updates a stored entry after an edit; drops it after a delete (part = null). */
export function updateRecent(list: readonly RecentPart[], id: number, part: RecentPart | null): RecentPart[] {
  return part ? list.map((p) => (p.id === id ? toRecent(part) : p)) : list.filter((p) => p.id !== id);
}

export const recentKey = (userId: number | string) => `wrenchlog.inventory.recent.${userId}`;

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The user's list from storage; anything unreadable is an empty list. */
export function readRecent(storage: StorageLike, userId: number | string): RecentPart[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(recentKey(userId)) ?? '[]');
    if (!Array.isArray(parsed)) {
      return [];
    }
    const seen = new Set<number>();
    return parsed
      .filter((p): p is RecentPart => !!p && typeof p === 'object' && typeof (p as RecentPart).id === 'number' && typeof (p as RecentPart).name === 'string')
      .filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)))
      .slice(0, RECENT_MAX);
  } catch {
    return [];
  }
}

export function writeRecent(storage: StorageLike, userId: number | string, list: readonly RecentPart[]): void {
  try {
    storage.setItem(recentKey(userId), JSON.stringify(list.slice(0, RECENT_MAX)));
  } catch {
    // Storage full or blocked: the list simply is not kept.
  }
}

/** Part dialog values as typed (numbers as text so nothing typed is lost). */
export interface PartFormValues {
  partNumber: string;
  brand: string;
  name: string;
  description: string;
  category: string;
  quantity: string;
  minStock: string;
  price: string;
  supplierId: string;
}

export function validatePart(v: PartFormValues): Partial<Record<keyof PartFormValues, string>> {
  const errors: Partial<Record<keyof PartFormValues, string>> = {};
  if (!v.partNumber.trim()) {
    errors.partNumber = 'Part number is required';
  }
  if (!v.name.trim()) {
    errors.name = 'Name is required';
  }
  if (!(PART_CATEGORIES as readonly string[]).includes(v.category)) {
    errors.category = 'Category is required';
  }
  const whole = (value: string, label: string) => {
    if (value.trim() === '') {
      return `${label} is required`;
    }
    const n = Number(value);
    if (!Number.isFinite(n)) {
      return `${label} is required`;
    }
    if (n < 0) {
      return `${label} must be at least 0`;
    }
    if (!Number.isInteger(n)) {
      return `${label} must be a whole number`;
    }
    return undefined;
  };
  const q = whole(v.quantity, 'Quantity');
  if (q) {
    errors.quantity = q;
  }
  const m = whole(v.minStock, 'Min stock');
  if (m) {
    errors.minStock = m;
  }
  if (v.price.trim() === '' || !Number.isFinite(Number(v.price))) {
    errors.price = 'Price is required';
  } else if (Number(v.price) < 0) {
    errors.price = 'Price must be at least 0';
  } else if (Math.round(Number(v.price) * 100) / 100 !== Number(v.price)) {
    errors.price = 'Price must have at most 2 decimals';
  }
  if (!v.supplierId || !(Number(v.supplierId) > 0)) {
    errors.supplierId = 'Supplier is required';
  }
  return errors;
}

export interface SupplierFormValues {
  name: string;
  contact: string;
  email: string;
  phone: string;
  address: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSupplier(v: SupplierFormValues): Partial<Record<keyof SupplierFormValues, string>> {
  const errors: Partial<Record<keyof SupplierFormValues, string>> = {};
  if (!v.name.trim()) {
    errors.name = 'Company name is required';
  }
  if (!v.contact.trim()) {
    errors.contact = 'Contact person is required';
  }
  if (!v.email.trim()) {
    errors.email = 'Email is required';
  } else if (!EMAIL.test(v.email.trim())) {
    errors.email = 'Email must be a valid email address';
  }
  if (!v.phone.trim()) {
    errors.phone = 'Phone is required';
  }
  return errors;
}

// ---- the parts loop (issue 35) ----

export interface ReorderGroup {
  supplierId: number;
  supplier: string;
  items: ReorderItem[];
  /** Units a draft would order for this supplier (0: what is on order covers it). */
  toOrder: number;
}

/** The to-reorder list (already by supplier name) as one group a supplier, in the server's order. */
export function groupBySupplier(items: readonly ReorderItem[]): ReorderGroup[] {
  const groups = new Map<number, ReorderGroup>();
  for (const item of items) {
    const group = groups.get(item.supplierId) ?? { supplierId: item.supplierId, supplier: item.supplier, items: [], toOrder: 0 };
    group.items.push(item);
    group.toOrder += item.toOrder;
    groups.set(item.supplierId, group);
  }
  return [...groups.values()];
}

/** What a line of a part's stock ledger says happened. */
export function movementText(m: Pick<StockMovement, 'kind' | 'purchaseId' | 'workOrderId' | 'label'>): string {
  switch (m.kind) {
    case 'purchase':
      return `Purchase${m.purchaseId ? ` #${m.purchaseId}` : ''}${m.label ? ` from ${m.label}` : ''}`;
    case 'purchase-removed':
      return `Purchase${m.purchaseId ? ` #${m.purchaseId}` : ''} removed or returned`;
    case 'work-order-take':
      return `Taken by work order${m.workOrderId ? ` #${m.workOrderId}` : ''}${m.label ? `: ${m.label}` : ''}`;
    case 'work-order-return':
      return `Returned by work order${m.workOrderId ? ` #${m.workOrderId}` : ''}${m.label ? `: ${m.label}` : ''} (reopened)`;
    case 'adjustment':
      return m.label ?? 'Counted by hand';
  }
}

/** A change of stock with its sign: +3, -2. */
export const signed = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));
