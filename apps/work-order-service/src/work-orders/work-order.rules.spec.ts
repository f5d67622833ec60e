import { lineCents, lineView, linesInWords, toCents, totalsOf, withoutLineAmount } from './work-order.rules.js';
import type { WorkOrderLineEntity } from './work-order-line.entity.js';

const line = (fields: Partial<WorkOrderLineEntity>): WorkOrderLineEntity =>
  ({
    id: 1,
    accountId: 1,
    workOrderId: 1,
    kind: 'other',
    hours: null,
    rateCents: null,
    userId: null,
    partId: null,
    partName: null,
    quantity: null,
    unitPriceCents: null,
    description: null,
    costCents: null,
    createdAt: new Date(0),
    ...fields,
  }) as WorkOrderLineEntity;

// The worked example of issue 35: 2.5 h at 60.00, two filters at 12.40 from stock and a 95.00 outside service.
const example = [
  line({ id: 1, kind: 'labour', hours: 2.5, rateCents: toCents(60), userId: 7 }),
  line({ id: 2, kind: 'part', partId: 3, partName: 'Oil filter', quantity: 2, unitPriceCents: toCents(12.4) }),
  line({ id: 3, kind: 'other', description: 'Outside service', costCents: toCents(95) }),
];

describe('work order totals', () => {
  it('totals the worked example to 269.80: labour 150.00, parts 24.80, other 95.00', () => {
    expect(totalsOf(example)).toEqual({ labour: 150, parts: 24.8, other: 95, total: 269.8 });
  });

  it('answers each line with its amount', () => {
    expect(example.map((l) => lineView(l).amount)).toEqual([150, 24.8, 95]);
    expect(lineView(example[1])).toMatchObject({ kind: 'part', partName: 'Oil filter', quantity: 2, unitPrice: 12.4 });
  });

  it('sums in cents, so decimals that float badly still add up exactly', () => {
    const dimes = Array.from({ length: 3 }, (_, i) => line({ id: i, kind: 'other', costCents: toCents(0.1) }));
    expect(totalsOf(dimes).total).toBe(0.3);
    expect(lineCents(line({ kind: 'labour', hours: 0.33, rateCents: toCents(33.33) }))).toBe(1100);
  });

  it('is all zeros for an order without lines', () => {
    expect(totalsOf([])).toEqual({ labour: 0, parts: 0, other: 0, total: 0 });
  });

  it('leaves a line without its amount for a role without money', () => {
    expect(withoutLineAmount(lineView(example[0]))).not.toHaveProperty('amount');
  });

  it('writes the lines in words for the service record', () => {
    expect(linesInWords(example, (id) => (id === 7 ? 'Mia' : null))).toBe(
      ['Labour (Mia): 2.5 h x 60.00 = 150.00', 'Part Oil filter: 2 x 12.40 = 24.80', 'Outside service: 95.00'].join('\n'),
    );
  });
});
