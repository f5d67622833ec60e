import { boundPage, clientPageCount, dailyTotals, displayingText, pageRows, parseCount, referrerText, topPages } from './analytics-logic';

describe('analytics pager', () => {
  it('has at least one page of 10 rows', () => {
    expect(clientPageCount(0)).toBe(1);
    expect(clientPageCount(10)).toBe(1);
    expect(clientPageCount(11)).toBe(2);
    expect(clientPageCount(100)).toBe(10);
  });

  it('bounds the page from 1 to the total page count', () => {
    expect(boundPage(0, 3)).toBe(1);
    expect(boundPage(-4, 3)).toBe(1);
    expect(boundPage(2, 3)).toBe(2);
    expect(boundPage(9, 3)).toBe(3);
    expect(boundPage(5, 0)).toBe(1);
  });

  it('slices the rows of a page, bounded', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageRows(rows, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageRows(rows, 3)).toEqual([21, 22, 23]);
    expect(pageRows(rows, 7)).toEqual([21, 22, 23]);
    expect(pageRows([], 1)).toEqual([]);
  });

  it('says how many are displayed', () => {
    expect(displayingText(3, 23)).toBe('Displaying 3 of 23 fetched records.');
  });
});

describe('analytics values', () => {
  it("shows 'N/A' for an empty referrer", () => {
    expect(referrerText(null)).toBe('N/A');
    expect(referrerText('')).toBe('N/A');
    expect(referrerText('  ')).toBe('N/A');
    expect(referrerText('https://example.com/')).toBe('https://example.com/');
  });

  it('reads a record count from 1 to 1000', () => {
    expect(parseCount('50')).toBe(50);
    expect(parseCount('0')).toBeNull();
    expect(parseCount('1001')).toBeNull();
    expect(parseCount('1.5')).toBeNull();
  });

  it('sums pages per UTC day and fills the missing days with 0', () => {
    const now = new Date('2026-03-10T01:00:00Z');
    const totals = dailyTotals(
      [
        { day: '2026-03-08', page: '/', count: 2 },
        { day: '2026-03-08', page: '/pricing', count: 3 },
        { day: '2026-03-10', page: '/', count: 1 },
        { day: '2026-02-01', page: '/', count: 9 },
      ],
      3,
      now,
    );
    expect(totals).toEqual([
      { day: '2026-03-08', views: 5 },
      { day: '2026-03-09', views: 0 },
      { day: '2026-03-10', views: 1 },
    ]);
  });

  it('ranks the top pages', () => {
    const rows = [
      { day: '2026-03-08', page: '/', count: 2 },
      { day: '2026-03-09', page: '/pricing', count: 3 },
      { day: '2026-03-10', page: '/', count: 2 },
      { day: '2026-03-10', page: '/about', count: 1 },
    ];
    expect(topPages(rows, 2)).toEqual([
      { page: '/', views: 4 },
      { page: '/pricing', views: 3 },
    ]);
  });
});
