import { bucketDeltas } from './cost.rules.js';

describe('bucketDeltas', () => {
  it('adds a new record to the bucket of its month', () => {
    expect(bucketDeltas(null, { machineKey: 4, month: '2026-03', amountCents: 4599 })).toEqual([{ machineKey: 4, month: '2026-03', deltaCents: 4599 }]);
  });

  it('moves an edited record from its old month to its new one', () => {
    expect(bucketDeltas({ machineKey: 4, month: '2026-03', amountCents: 4599 }, { machineKey: 4, month: '2026-04', amountCents: 5000 })).toEqual([
      { machineKey: 4, month: '2026-03', deltaCents: -4599 },
      { machineKey: 4, month: '2026-04', deltaCents: 5000 },
    ]);
  });

  it('changes one bucket by the difference when only the price changed, and nothing when nothing did', () => {
    expect(bucketDeltas({ machineKey: 4, month: '2026-03', amountCents: 4599 }, { machineKey: 4, month: '2026-03', amountCents: 5000 })).toEqual([
      { machineKey: 4, month: '2026-03', deltaCents: 401 },
    ]);
    expect(bucketDeltas({ machineKey: 4, month: '2026-03', amountCents: 4599 }, { machineKey: 4, month: '2026-03', amountCents: 4599 })).toEqual([]);
  });

  it('takes a deleted record out, and moves a record to another machine', () => {
    expect(bucketDeltas({ machineKey: 4, month: '2026-03', amountCents: 100 }, null)).toEqual([{ machineKey: 4, month: '2026-03', deltaCents: -100 }]);
    expect(bucketDeltas({ machineKey: 4, month: '2026-03', amountCents: 100 }, { machineKey: 5, month: '2026-03', amountCents: 100 })).toEqual([
      { machineKey: 4, month: '2026-03', deltaCents: -100 },
      { machineKey: 5, month: '2026-03', deltaCents: 100 },
    ]);
  });
});
