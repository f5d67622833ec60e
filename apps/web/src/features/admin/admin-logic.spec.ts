import { ADMIN_USER_PAGE_SIZE, isPlaceholderPassword } from '@wrenchlog/contracts/limits';
import { approvalBlocked, isPendingSignup, jobFailureText, parseLimit, userPageCount } from './admin-logic';
import { pagerState } from '../../lib/paging';

const userPagerState = (pageIndex: number, shown: number) => pagerState(pageIndex, userPageCount(pageIndex, shown));

describe('user pager', () => {
  it('shows 5 users a page', () => {
    expect(ADMIN_USER_PAGE_SIZE).toBe(5);
  });

  it('disables Previous on the first page only', () => {
    expect(userPagerState(0, 5).hasPrevious).toBe(false);
    expect(userPagerState(1, 5).hasPrevious).toBe(true);
    expect(userPagerState(3, 0).hasPrevious).toBe(true);
  });

  it('disables Next when fewer than a full page is shown', () => {
    expect(userPagerState(0, 5).hasNext).toBe(true);
    expect(userPagerState(0, 4).hasNext).toBe(false);
    expect(userPagerState(2, 0).hasNext).toBe(false);
  });

  it('numbers the page from 1', () => {
    expect(userPagerState(2, 5).number).toBe(3);
  });
});

describe('placeholder password rule', () => {
  it('counts more than 4 hyphens as a placeholder', () => {
    expect(isPlaceholderPassword('placeholder-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).toBe(true);
    expect(isPlaceholderPassword('a-b-c-d-e-f')).toBe(true);
    expect(isPlaceholderPassword('a-b-c-d-e')).toBe(false);
    expect(isPlaceholderPassword('Real-pass-word1')).toBe(false);
    expect(isPlaceholderPassword('')).toBe(false);
    expect(isPlaceholderPassword(null)).toBe(false);
  });

  it('blocks approval only when the typed password is a placeholder (a signup without one gets an emailed link)', () => {
    expect(approvalBlocked()).toBe(false);
    expect(approvalBlocked('Brand-new-pass1')).toBe(false);
    expect(approvalBlocked('x-x-x-x-x-x')).toBe(true);
  });

  it('marks a disabled signup with a placeholder as pending', () => {
    expect(isPendingSignup({ enabled: 0, passwordIsPlaceholder: true })).toBe(true);
    expect(isPendingSignup({ enabled: 0, passwordIsPlaceholder: false })).toBe(false);
    expect(isPendingSignup({ enabled: 1, passwordIsPlaceholder: true })).toBe(false);
  });
});

describe('jobs', () => {
  it('words a failed run as the spec does', () => {
    expect(jobFailureText('This job is already running.')).toBe('Failed to run job. Error: This job is already running.');
    expect(jobFailureText(null)).toBe('Failed to run job. Error: unknown error');
  });

  it('accepts a backfill limit from 1 to 1000', () => {
    expect(parseLimit('7')).toEqual({ limit: 7, error: null });
    expect(parseLimit(1000).limit).toBe(1000);
    for (const bad of ['0', '1001', '2.5', '', 'abc', '-3']) {
      expect(parseLimit(bad).error).toBe('Limit must be a whole number from 1 to 1000');
    }
  });
});
