import { filterBySearch, matchesSearch } from './search';

describe('matchesSearch', () => {
  const machine = { id: 7, name: 'Blue F-150', type: 'Pickup', status: 'Needs Service', lastUpdated: '2026-05-01T12:00:00Z' };

  it('matches any field value case-insensitively', () => {
    expect(matchesSearch(machine, 'blue')).toBe(true);
    expect(matchesSearch(machine, 'PICKUP')).toBe(true);
    expect(matchesSearch(machine, 'needs serv')).toBe(true);
    expect(matchesSearch(machine, '7')).toBe(true);
  });

  it('matches the displayed texts passed along', () => {
    expect(matchesSearch(machine, '05/01/26', ['05/01/26 14:00'])).toBe(true);
  });

  it('matches everything on an empty query and nothing on a foreign one', () => {
    expect(matchesSearch(machine, '   ')).toBe(true);
    expect(matchesSearch(machine, 'excavator')).toBe(false);
  });

  it('ignores empty fields', () => {
    expect(filterBySearch([{ name: 'A', type: null }, { name: 'B', type: 'null' }], 'null')).toEqual([{ name: 'B', type: 'null' }]);
  });
});
