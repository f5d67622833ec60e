import { paginate } from './HistoryTable';

describe('paginate', () => {
  const rows = Array.from({ length: 17 }, (_, i) => i + 1);

  it('cuts pages of the given size and counts them', () => {
    expect(paginate(rows, 1, 8)).toEqual({ items: [1, 2, 3, 4, 5, 6, 7, 8], page: 1, totalPages: 3 });
    expect(paginate(rows, 3, 8)).toEqual({ items: [17], page: 3, totalPages: 3 });
  });

  it('keeps the page within 1..total, and an empty list has one page', () => {
    expect(paginate(rows, 9, 10).page).toBe(2);
    expect(paginate(rows, 0, 10).page).toBe(1);
    expect(paginate([], 1, 10)).toEqual({ items: [], page: 1, totalPages: 1 });
  });
});
