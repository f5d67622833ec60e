import {
  locationFromAddress,
  pushRecent,
  readRecent,
  recentKey,
  stockColor,
  stockLabel,
  stockStatus,
  tabFromQuery,
  updateRecent,
  validatePart,
  validateSupplier,
  writeRecent,
  type RecentPart,
} from './inventory-logic';

const part = (id: number, extra: Partial<RecentPart> = {}): RecentPart => ({
  id,
  partNumber: `P-${id}`,
  name: `Part ${id}`,
  description: null,
  quantity: 5,
  minStock: 2,
  price: 1.5,
  ...extra,
});

describe('stock label', () => {
  it('is Out of Stock at 0, Low Stock up to minStock, In Stock above it', () => {
    expect(stockLabel(0, 5)).toBe('Out of Stock');
    expect(stockLabel(1, 5)).toBe('Low Stock');
    expect(stockLabel(5, 5)).toBe('Low Stock');
    expect(stockLabel(6, 5)).toBe('In Stock');
    expect(stockStatus(0, 0)).toBe('out-of-stock');
    expect(stockStatus(1, 0)).toBe('in-stock');
    expect([stockColor(0, 5), stockColor(5, 5), stockColor(6, 5)]).toEqual(['red', 'yellow', 'green']);
  });
});

describe('location from the address', () => {
  it('takes city and state from "street, city, state zip"', () => {
    expect(locationFromAddress('123 Main St, Springfield, IL 62701')).toBe('Springfield, IL');
    expect(locationFromAddress('9 Dock Rd, Suite 4, Portland, OR 97201-1234')).toBe('Portland, OR');
    expect(locationFromAddress('Springfield, IL')).toBe('Springfield, IL');
    expect(locationFromAddress('123 Main St\nBoise, ID 83702')).toBe('Boise, ID');
  });

  it('degrades gracefully', () => {
    expect(locationFromAddress(null)).toBe('');
    expect(locationFromAddress('  ')).toBe('');
    expect(locationFromAddress('Warehouse 7')).toBe('Warehouse 7');
    expect(locationFromAddress('1 Road, Austin, 73301')).toBe('Austin');
  });
});

describe('recently viewed', () => {
  it('puts the viewed part first, without duplicates, at most 6', () => {
    let list: RecentPart[] = [];
    for (let id = 1; id <= 8; id++) {
      list = pushRecent(list, part(id));
    }
    expect(list.map((p) => p.id)).toEqual([8, 7, 6, 5, 4, 3]);
    list = pushRecent(list, part(5, { name: 'renamed' }));
    expect(list.map((p) => p.id)).toEqual([5, 8, 7, 6, 4, 3]);
    expect(list[0].name).toBe('renamed');
  });

  it('keeps only the card fields', () => {
    const full = { ...part(1), category: 'Engine', supplier: 'ACME', supplierId: 3 } as RecentPart;
    expect(Object.keys(pushRecent([], full)[0]).sort()).toEqual(['description', 'id', 'minStock', 'name', 'partNumber', 'price', 'quantity']);
  });

  it('updates an edited entry and drops a deleted one', () => {
    const list = [part(1), part(2)];
    expect(updateRecent(list, 2, part(2, { quantity: 0 }))[1].quantity).toBe(0);
    expect(updateRecent(list, 1, null).map((p) => p.id)).toEqual([2]);
  });

  it('is stored per user', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    writeRecent(storage, 1, [part(1), part(2)]);
    writeRecent(storage, 2, [part(9)]);
    expect(readRecent(storage, 1).map((p) => p.id)).toEqual([1, 2]);
    expect(readRecent(storage, 2).map((p) => p.id)).toEqual([9]);
    expect(readRecent(storage, 3)).toEqual([]);
    expect(recentKey(1)).not.toBe(recentKey(2));
  });

  it('reads damaged storage as an empty or cleaned list', () => {
    const data = new Map<string, string>([
      [recentKey(1), '{nope'],
      [recentKey(2), JSON.stringify([part(1), part(1), { id: 'x' }, ...[2, 3, 4, 5, 6, 7, 8].map((id) => part(id))])],
    ]);
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: () => undefined };
    expect(readRecent(storage, 1)).toEqual([]);
    expect(readRecent(storage, 2).map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('tabs', () => {
  it('reads the tab query, parts by default', () => {
    expect(tabFromQuery('suppliers')).toBe('suppliers');
    expect(tabFromQuery('recent')).toBe('recent');
    expect(tabFromQuery(null)).toBe('parts');
    expect(tabFromQuery('other')).toBe('parts');
  });
});

describe('dialog rules', () => {
  const valid = {
    partNumber: 'P1',
    brand: '',
    name: 'Filter',
    description: '',
    category: 'Filters',
    quantity: '0',
    minStock: '0',
    price: '0',
    supplierId: '3',
  };

  it('accepts a complete part with zeros', () => {
    expect(validatePart(valid)).toEqual({});
  });

  it('requires the part fields and minimums', () => {
    expect(validatePart({ ...valid, partNumber: ' ', name: '', category: '', quantity: '', minStock: '', price: '', supplierId: '' })).toEqual({
      partNumber: 'Part number is required',
      name: 'Name is required',
      category: 'Category is required',
      quantity: 'Quantity is required',
      minStock: 'Min stock is required',
      price: 'Price is required',
      supplierId: 'Supplier is required',
    });
    expect(validatePart({ ...valid, quantity: '-1', minStock: '1.5', price: '-0.01' })).toEqual({
      quantity: 'Quantity must be at least 0',
      minStock: 'Min stock must be a whole number',
      price: 'Price must be at least 0',
    });
    expect(validatePart({ ...valid, price: '1.234' }).price).toBe('Price must have at most 2 decimals');
    expect(validatePart({ ...valid, price: '19.99' })).toEqual({});
  });

  it('requires name, contact, a valid email and phone for a supplier', () => {
    expect(validateSupplier({ name: '', contact: '', email: '', phone: '', address: '' })).toEqual({
      name: 'Company name is required',
      contact: 'Contact person is required',
      email: 'Email is required',
      phone: 'Phone is required',
    });
    expect(validateSupplier({ name: 'A', contact: 'B', email: 'nope', phone: '1', address: '' })).toEqual({ email: 'Email must be a valid email address' });
    expect(validateSupplier({ name: 'A', contact: 'B', email: 'a@b.co', phone: '1', address: '' })).toEqual({});
  });
});
