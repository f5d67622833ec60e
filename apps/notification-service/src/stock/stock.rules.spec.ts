import { planStockAlert, stockLevel } from './stock.rules.js';

const at = new Date('2026-03-02T10:00:00.000Z');

describe('low stock alerts', () => {
  it('reads the level as the parts list does', () => {
    expect([stockLevel(0, 2), stockLevel(2, 2), stockLevel(3, 2), stockLevel(1, 0)]).toEqual(['out', 'low', 'ok', 'ok']);
  });

  it('alerts when the level gets worse, once per change', () => {
    expect(planStockAlert(4, 'Oil filter', 2, 3, 'ok', 'low', at)).toEqual({
      kind: 'low_stock',
      key: 'part:4:low:2026-03-02T10:00:00.000Z',
      title: 'Low stock: Oil filter (2 left, minimum 3)',
    });
    expect(planStockAlert(4, 'Oil filter', 0, 3, 'low', 'out', at)?.title).toBe('Out of stock: Oil filter');
    expect(planStockAlert(4, 'Oil filter', 1, 3, null, 'low', at)?.kind).toBe('low_stock');
  });

  it('says nothing when it stays, improves or is fine', () => {
    expect(planStockAlert(4, 'Oil filter', 2, 3, 'low', 'low', at)).toBeNull();
    expect(planStockAlert(4, 'Oil filter', 2, 3, 'out', 'low', at)).toBeNull();
    expect(planStockAlert(4, 'Oil filter', 9, 3, 'low', 'ok', at)).toBeNull();
  });
});
