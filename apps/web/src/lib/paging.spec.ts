import { clampPage, pageCount, pageLabel, pagerState } from './paging';

describe('paging', () => {
  it('has at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(undefined)).toBe(1);
    expect(pageCount(3)).toBe(3);
  });

  it('keeps the page between the first and the last', () => {
    expect(clampPage(-1, 3)).toBe(0);
    expect(clampPage(5, 3)).toBe(2);
    expect(clampPage(1, 0)).toBe(0);
  });

  it('disables Previous on page 1 and Next on the last page', () => {
    expect(pagerState(0, 1)).toEqual({ page: 0, number: 1, pages: 1, hasPrevious: false, hasNext: false });
    expect(pagerState(0, 3)).toEqual({ page: 0, number: 1, pages: 3, hasPrevious: false, hasNext: true });
    expect(pagerState(1, 3)).toEqual({ page: 1, number: 2, pages: 3, hasPrevious: true, hasNext: true });
    expect(pagerState(2, 3)).toEqual({ page: 2, number: 3, pages: 3, hasPrevious: true, hasNext: false });
    expect(pagerState(7, 3)).toMatchObject({ page: 2, hasNext: false });
  });

  it('labels a page "Page X of Y" with Y at least 1', () => {
    expect(pageLabel(pagerState(0, 3))).toBe('Page 1 of 3');
    expect(pageLabel(pagerState(0, 0))).toBe('Page 1 of 1');
  });
});
