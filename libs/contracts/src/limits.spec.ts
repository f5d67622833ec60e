import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as limits from './limits.js';

/** Every module `file` loads, following relative imports; the packages it reaches are returned. */
function packagesReached(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) {
    return [];
  }
  seen.add(file);
  const specifiers = ts.preProcessFile(readFileSync(file, 'utf8')).importedFiles.map((f) => f.fileName);
  return specifiers.flatMap((s) => (s.startsWith('.') ? packagesReached(resolve(dirname(file), s.replace(/\.js$/, '.ts')), seen) : [s]));
}

describe('@wrenchlog/contracts/limits', () => {
  it('loads no package at all, so the SPA bundle gets no class-validator, class-transformer or reflect-metadata', () => {
    expect(packagesReached(fileURLToPath(new URL('./limits.ts', import.meta.url)))).toEqual([]);
  });

  it('offers the limits and messages the SPA checks against', () => {
    expect(limits.FUEL_LIMITS.amount).toEqual({ min: 0.1, max: 100_000, places: 3 });
    expect(limits.PURCHASE_LIMITS.quantity).toEqual({ min: 1, max: 1_000_000 });
    expect(limits.PART_STATUSES).toEqual(['New', 'Ordered', 'Cancelled', 'Purchased']);
    expect(limits.atLeast(0.1)).toBe('Value must be at least 0.1');
    expect(limits.FIELD_REQUIRED).toBe('This field is required');
  });

  it('offers the part, service-record, user, image and machine values the SPA shows, as the DTOs use them', () => {
    expect(limits.PART_CATEGORIES).toEqual(['Engine', 'Hydraulic', 'Electrical', 'Filters', 'Belts', 'Other']);
    expect(limits.SERVICE_RECORD_DEFAULTS).toEqual({ status: 'New', serviceType: 'Maintenance', price: 0 });
    expect([limits.MIN_PASSWORD_LENGTH, limits.MAX_PASSWORD_LENGTH]).toEqual([8, 128]);
    expect(limits.ADMIN_USER_PAGE_SIZE).toBe(5);
    expect(limits.MACHINE_GALLERY_LIMIT).toBe(5);
    expect(limits.IMAGE_TYPE_MESSAGE).toBe('Invalid file type. Only JPEG, PNG and WebP are allowed.');
    expect(limits.purchaseTextTooLong(limits.PURCHASE_TEXT_LIMITS.partName)).toBe('Part name must be at most 200 characters');
    expect(limits.purchaseTextTooLong(limits.PURCHASE_TEXT_LIMITS.storeState)).toBe('Store state must be at most 60 characters');
  });

  it('offers the placeholder rule, backfill, inventory page and image sizes the SPA uses, as the services use them', () => {
    expect(limits.PLACEHOLDER_PASSWORD_MESSAGE).toBe('Please update the password before approving the user. The current password appears to be a placeholder.');
    expect(limits.isPlaceholderPassword('a-b-c-d-e-f')).toBe(true);
    expect(limits.isPlaceholderPassword('a-b-c-d-e')).toBe(false);
    expect([limits.IMAGE_BACKFILL_DEFAULT_LIMIT, limits.IMAGE_BACKFILL_MAX_LIMIT]).toEqual([7, 1000]);
    expect(limits.INVENTORY_LIMITS.pageSize).toEqual({ default: 10, max: 100 });
    expect([limits.IMAGE_LIMITS.maxDimension, limits.IMAGE_LIMITS.thumbnailSize]).toEqual([1920, 200]);
  });
});
