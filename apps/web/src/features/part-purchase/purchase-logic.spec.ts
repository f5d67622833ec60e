import { emptyPurchaseValues, purchaseValues, toPurchaseBody, validatePurchase, type PurchaseFormValues } from './purchase-logic';
import { aPurchase } from './purchase.fixture';

const today = new Date(2026, 10, 21, 9, 0);
const valid = (v: Partial<PurchaseFormValues> = {}): PurchaseFormValues => ({
  ...emptyPurchaseValues(3, today),
  partName: 'Oil filter',
  price: '12.5',
  storeName: 'NAPA',
  ...v,
});

const stored = aPurchase({
  partDescription: null,
  storeAddress: '1 Main St',
  machineId: 3,
  userId: 4,
  purchaseDate: new Date(2026, 10, 20, 8, 30).toISOString(),
  createDate: '2026-11-20T09:00:00.000Z',
});

describe('validatePurchase', () => {
  it('starts a new purchase with quantity 1, status New and today', () => {
    const v = emptyPurchaseValues(undefined, today);
    expect(v).toMatchObject({ quantity: '1', partStatus: 'New', purchaseDate: '2026-11-21', machineId: '' });
  });

  it("uses the spec's messages for required fields", () => {
    expect(validatePurchase({ ...emptyPurchaseValues(undefined, today), quantity: '', partStatus: '', purchaseDate: '' })).toEqual({
      partName: 'Part name is required',
      quantity: 'Quantity is required',
      price: 'Price is required',
      partStatus: 'Status is required',
      purchaseDate: 'Purchase date is required',
      storeName: 'Store name is required',
    });
  });

  it('needs at least one whole part, a price of at least 0 in cents, and a web address for the URL', () => {
    expect(validatePurchase(valid({ quantity: '0' })).quantity).toBe('Quantity must be at least 1');
    expect(validatePurchase(valid({ quantity: '1.5' })).quantity).toBe('Quantity must be a whole number');
    expect(validatePurchase(valid({ price: '-1' })).price).toBe('Price must be at least 0');
    expect(validatePurchase(valid({ price: '1.005' })).price).toBe('Value must have at most 2 decimal places');
    expect(validatePurchase(valid({ partUrl: 'javascript:alert(1)' })).partUrl).toBe('Part URL must be a web address starting with http:// or https://');
    expect(validatePurchase(valid({ price: '0', partUrl: 'https://parts.example.com/of-1' }))).toEqual({});
  });
});

describe('toPurchaseBody', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');

  it('creates with the purchase date at 13:00 local, createDate, userId 0 and storeId 0', () => {
    expect(toPurchaseBody(valid({ partNumber: ' ', storeCity: 'Boise' }), null, now)).toEqual({
      partName: 'Oil filter',
      partNumber: null,
      partDescription: null,
      partUrl: null,
      quantity: 1,
      price: 12.5,
      partStatus: 'New',
      purchaseDate: new Date(2026, 10, 21, 13, 0).toISOString(),
      storeName: 'NAPA',
      storeCity: 'Boise',
      storeState: null,
      machineId: 3,
      partId: 0,
      createDate: '2026-11-21T10:00:00.000Z',
      userId: 0,
      storeId: 0,
    });
  });

  it('updates the full purchase, keeping fields the form does not show and an unchanged day', () => {
    const body = toPurchaseBody({ ...purchaseValues(stored), quantity: '3', partStatus: 'Purchased' }, stored, now);
    expect(body).toEqual({ ...stored, quantity: 3, partStatus: 'Purchased', partId: 0 });
    const moved = toPurchaseBody({ ...purchaseValues(stored), purchaseDate: '2026-11-01' }, stored, now);
    expect(moved.purchaseDate).toBe(new Date(2026, 10, 1, 13, 0).toISOString());
  });
});
