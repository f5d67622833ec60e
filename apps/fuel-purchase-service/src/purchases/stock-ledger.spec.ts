import type { PartStatus } from '@wrenchlog/contracts';
import { EMPTY_LEDGER, planRemoval, planStock, type StockLedger } from './stock-ledger.js';

/** Replays status/quantity/part changes of one purchase against a stock book, as the service does. */
function replay(steps: { partStatus: PartStatus; quantity?: number; partId?: number | null }[], opening: Record<number, number> = { 7: 10, 8: 0 }) {
  const stock = { ...opening };
  let ledger: StockLedger = EMPTY_LEDGER;
  for (const step of steps) {
    const plan = planStock(ledger, { partStatus: step.partStatus, quantity: step.quantity ?? 3, partId: step.partId === undefined ? 7 : step.partId });
    for (const { partId, delta } of plan.adjustments) {
      stock[partId] = Math.max(0, (stock[partId] ?? 0) + delta);
    }
    ledger = plan.ledger;
  }
  return { stock, ledger };
}

describe(planStock.name, () => {
  it('adds nothing while a purchase is New or Ordered', () => {
    expect(replay([{ partStatus: 'New' }, { partStatus: 'Ordered' }]).stock[7]).toBe(10);
  });

  it('adds the quantity when the purchase becomes Purchased', () => {
    expect(replay([{ partStatus: 'New' }, { partStatus: 'Purchased' }]).stock[7]).toBe(13);
  });

  it('adds the quantity when the purchase is created as Purchased', () => {
    expect(replay([{ partStatus: 'Purchased' }]).stock[7]).toBe(13);
  });

  it('never counts twice when the status goes back and forth', () => {
    const { stock } = replay([
      { partStatus: 'Purchased' },
      { partStatus: 'New' },
      { partStatus: 'Purchased' },
      { partStatus: 'Ordered' },
      { partStatus: 'Purchased' },
      { partStatus: 'Purchased' },
    ]);
    expect(stock[7]).toBe(13);
  });

  it('takes the units back when a Purchased purchase is Cancelled, and adds them again on a new Purchased', () => {
    expect(replay([{ partStatus: 'Purchased' }, { partStatus: 'Cancelled' }]).stock[7]).toBe(10);
    expect(replay([{ partStatus: 'Purchased' }, { partStatus: 'Cancelled' }, { partStatus: 'Purchased' }]).stock[7]).toBe(13);
  });

  it('moves stock by the difference when the quantity changes after it was counted', () => {
    expect(
      replay([
        { partStatus: 'Purchased', quantity: 5 },
        { partStatus: 'Purchased', quantity: 2 },
      ]).stock[7],
    ).toBe(12);
    expect(
      replay([
        { partStatus: 'Purchased', quantity: 2 },
        { partStatus: 'New', quantity: 4 },
      ]).stock[7],
    ).toBe(14);
  });

  it('does not count a quantity change before the purchase is received', () => {
    expect(
      replay([
        { partStatus: 'Ordered', quantity: 2 },
        { partStatus: 'Ordered', quantity: 9 },
      ]).stock[7],
    ).toBe(10);
  });

  it('moves the units to the newly named part', () => {
    const { stock, ledger } = replay([
      { partStatus: 'Purchased', partId: 7 },
      { partStatus: 'Purchased', partId: 8 },
    ]);
    expect(stock).toEqual({ 7: 10, 8: 3 });
    expect(ledger).toEqual({ received: true, stockPartId: 8, stockAdded: 3 });
  });

  it('counts nothing without a part, and counts once a part is named on a received purchase', () => {
    expect(replay([{ partStatus: 'Purchased', partId: null }]).stock).toEqual({ 7: 10, 8: 0 });
    expect(
      replay([
        { partStatus: 'Purchased', partId: null },
        { partStatus: 'Purchased', partId: 7 },
      ]).stock[7],
    ).toBe(13);
  });

  it('records nothing to adjust when nothing changed', () => {
    const first = planStock(EMPTY_LEDGER, { partStatus: 'Purchased', partId: 7, quantity: 3 });
    expect(planStock(first.ledger, { partStatus: 'Purchased', partId: 7, quantity: 3 }).adjustments).toEqual([]);
  });
});

describe(planRemoval.name, () => {
  it('takes back what a received purchase added, and nothing for one that added nothing', () => {
    expect(planRemoval(replay([{ partStatus: 'Purchased', quantity: 5 }]).ledger)).toEqual([{ partId: 7, delta: -5 }]);
    expect(planRemoval(replay([{ partStatus: 'Purchased' }, { partStatus: 'Cancelled' }]).ledger)).toEqual([]);
    expect(planRemoval(replay([{ partStatus: 'Ordered' }]).ledger)).toEqual([]);
    expect(planRemoval(EMPTY_LEDGER)).toEqual([]);
  });
});
