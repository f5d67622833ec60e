import { matchesSearch, searchable } from './search';

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
    expect(
      searchable([
        { name: 'A', type: null },
        { name: 'B', type: 'null' },
      ])('null'),
    ).toEqual([{ name: 'B', type: 'null' }]);
  });
});

describe('searchable', () => {
  const fleet = [
    { id: 1, name: 'Blue F-150', lastUpdated: '2026-05-01T12:00:00Z' },
    { id: 2, name: 'Red Kubota', lastUpdated: '2026-06-02T08:30:00Z' },
    { id: 3, name: 'Blue Bobcat', lastUpdated: '2026-07-03T16:45:00Z' },
  ];

  it('answers what matchesSearch matches, each keystroke reading the display texts only once', () => {
    const shown: string[] = [];
    const find = searchable(fleet, (m) => {
      shown.push(m.name);
      return [`shown ${m.id}`];
    });

    expect(find('')).toEqual(fleet);
    expect(shown).toEqual([]);
    expect(find('b').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(find('bl').map((m) => m.id)).toEqual([1, 3]);
    expect(find('BLUE B').map((m) => m.id)).toEqual([3]);
    expect(find('shown 2').map((m) => m.id)).toEqual([2]);
    expect(find('  ').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(shown).toEqual(['Blue F-150', 'Red Kubota', 'Blue Bobcat']);
    for (const query of ['b', 'bl', 'BLUE B', 'shown 2', 'kubota', 'nothing']) {
      expect(find(query)).toEqual(fleet.filter((m) => matchesSearch(m, query, [`shown ${m.id}`])));
    }
  });
});
