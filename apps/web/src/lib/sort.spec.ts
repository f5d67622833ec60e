import { compareValues, nextSort, sortItems } from './sort';

describe('nextSort', () => {
  it('flips the direction when the active field is clicked again', () => {
    expect(nextSort({ field: 'name', direction: 'asc' }, 'name')).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toEqual({ field: 'name', direction: 'asc' });
  });

  it('starts a new field ascending on the machine lists and descending on the history tabs', () => {
    expect(nextSort({ field: 'lastUpdated', direction: 'desc' }, 'type', 'asc')).toEqual({ field: 'type', direction: 'asc' });
    expect(nextSort({ field: 'date', direction: 'asc' }, 'cost', 'desc')).toEqual({ field: 'cost', direction: 'desc' });
  });
});

describe('sortItems', () => {
  const machines = [
    { id: 1, name: 'bulldozer', lastUpdated: '2026-01-02T10:00:00Z', hours: 10 },
    { id: 2, name: 'Excavator', lastUpdated: '2026-03-01T10:00:00Z', hours: 2 },
    { id: 3, name: 'apple tractor', lastUpdated: null, hours: null },
    { id: 4, name: 'Crane 10', lastUpdated: '2025-12-31T23:00:00Z', hours: 100 },
  ];

  it('sorts text case-insensitively', () => {
    expect(sortItems(machines, { field: 'name', direction: 'asc' }).map((m) => m.id)).toEqual([3, 1, 4, 2]);
  });

  it('sorts instants by time and keeps empty values last in both directions', () => {
    expect(sortItems(machines, { field: 'lastUpdated', direction: 'desc' }).map((m) => m.id)).toEqual([2, 1, 4, 3]);
    expect(sortItems(machines, { field: 'lastUpdated', direction: 'asc' }).map((m) => m.id)).toEqual([4, 1, 2, 3]);
  });

  it('sorts numbers by value, not as text', () => {
    expect(sortItems(machines, { field: 'hours', direction: 'asc' }).map((m) => m.id)).toEqual([2, 1, 4, 3]);
  });

  it('does not change the input', () => {
    const copy = [...machines];
    sortItems(machines, { field: 'name', direction: 'desc' });
    expect(machines).toEqual(copy);
  });

  it('compares numbers inside text naturally', () => {
    expect(compareValues('Unit 9', 'Unit 10')).toBeLessThan(0);
  });
});
