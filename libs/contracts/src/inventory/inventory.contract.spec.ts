import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PartInput, PartListQuery } from './part.contract.js';
import { PurchaseInput } from './purchase.contract.js';
import { SupplierInput } from './supplier.contract.js';

function messages<T extends object>(cls: new () => T, body: object): Record<string, string[]> {
  const errors = validateSync(plainToInstance(cls, body, { enableImplicitConversion: true }), { whitelist: true });
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})]));
}

describe('PurchaseInput', () => {
  const valid = { partName: 'Oil filter', quantity: 1, price: 0, storeName: 'NAPA', purchaseDate: '2026-11-20T12:00:00Z', userId: 0, storeId: 0 };

  it('accepts the SPA payload and defaults the status to New', () => {
    const input = plainToInstance(PurchaseInput, valid);
    expect(validateSync(input)).toEqual([]);
    expect(input.partStatus).toBe('New');
  });

  it("answers the spec's messages for every required field", () => {
    const m = messages(PurchaseInput, { partStatus: null });
    expect(m.partName).toContain('Part name is required');
    expect(m.quantity).toContain('Quantity is required');
    expect(m.price).toContain('Price is required');
    expect(m.partStatus).toContain('Status is required');
    expect(m.purchaseDate).toContain('Purchase date is required');
    expect(m.storeName).toContain('Store name is required');
  });

  it('refuses a quantity below 1, a negative price, a price below a cent and an unknown status', () => {
    const m = messages(PurchaseInput, { ...valid, quantity: 0, price: -0.01, partStatus: 'Shipped' });
    expect(m.quantity).toEqual(['Quantity must be at least 1']);
    expect(m.price).toEqual(['Price must be at least 0']);
    expect(m.partStatus).toEqual(['Status must be one of New, Ordered, Cancelled, Purchased']);
    expect(messages(PurchaseInput, { ...valid, price: 1.005 }).price).toEqual(['Value must have at most 2 decimal places']);
  });

  it('takes an empty or web part URL and refuses any other scheme', () => {
    expect(messages(PurchaseInput, { ...valid, partUrl: '' })).toEqual({});
    expect(messages(PurchaseInput, { ...valid, partUrl: 'https://parts.example.com/lf3000' })).toEqual({});
    expect(messages(PurchaseInput, { ...valid, partUrl: 'javascript:alert(1)' }).partUrl).toEqual([
      'Part URL must be a web address starting with http:// or https://',
    ]);
  });
});

describe('PartInput', () => {
  const valid = { partNumber: 'LF3000', name: 'Oil filter', category: 'Filters', quantity: 0, minStock: 0, price: 0, supplierId: 4 };

  it('accepts zero quantity, min stock and price, without brand or description', () => {
    expect(messages(PartInput, valid)).toEqual({});
  });

  it('names every required field', () => {
    const m = messages(PartInput, {});
    expect(m.partNumber).toContain('Part number is required');
    expect(m.name).toContain('Name is required');
    expect(m.category).toContain('Category is required');
    expect(m.quantity).toContain('Quantity is required');
    expect(m.minStock).toContain('Min stock is required');
    expect(m.price).toContain('Price is required');
    expect(m.supplierId).toContain('Supplier is required');
  });

  it('refuses negative numbers and unknown categories', () => {
    const m = messages(PartInput, { ...valid, quantity: -1, minStock: -1, price: -1, category: 'Tyres' });
    expect(m.quantity).toEqual(['Quantity must be at least 0']);
    expect(m.minStock).toEqual(['Min stock must be at least 0']);
    expect(m.price).toEqual(['Price must be at least 0']);
    expect(m.category).toEqual(['Category must be one of Engine, Hydraulic, Electrical, Filters, Belts, Other']);
  });

  it('knows the three stock filters only', () => {
    expect(messages(PartListQuery, { stock: 'low-stock' })).toEqual({});
    expect(messages(PartListQuery, { stock: 'plenty' }).stock).toEqual(['Stock must be one of in-stock, low-stock, out-of-stock']);
  });
});

describe('SupplierInput', () => {
  it('requires name, contact, email and phone; address is optional', () => {
    const m = messages(SupplierInput, {});
    expect(m.name).toContain('Company name is required');
    expect(m.contact).toContain('Contact person is required');
    expect(m.email).toContain('Email is required');
    expect(m.phone).toContain('Phone is required');
    expect(m.address).toBeUndefined();
  });

  it('refuses an email that is not an address', () => {
    expect(messages(SupplierInput, { name: 'A', contact: 'B', email: 'not-an-email', phone: '1' }).email).toEqual(['Email must be a valid email address']);
  });
});
