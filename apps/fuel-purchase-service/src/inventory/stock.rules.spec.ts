import { stockStatus } from './stock.rules.js';

describe(stockStatus.name, () => {
  it('is out of stock at quantity 0', () => {
    expect(stockStatus(0, 5)).toBe('out-of-stock');
    expect(stockStatus(0, 0)).toBe('out-of-stock');
  });

  it('is low stock above 0 and up to minStock, inclusive', () => {
    expect(stockStatus(1, 5)).toBe('low-stock');
    expect(stockStatus(5, 5)).toBe('low-stock');
  });

  it('is in stock from minStock + 1', () => {
    expect(stockStatus(6, 5)).toBe('in-stock');
    expect(stockStatus(1, 0)).toBe('in-stock');
  });
});
