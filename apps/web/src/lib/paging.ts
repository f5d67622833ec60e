// The one paging arithmetic of the app's pagers (components/Pager.tsx): pages are 0-based inside,
// shown 1-based, and a list has at least one page (spec: "minimum page count 1").

import { i18n } from '../core/i18n/i18n';

/** Total pages is at least 1. */
export function pageCount(totalPages: number | null | undefined): number {
  return Math.max(1, Math.floor(Number(totalPages) || 0));
}

/** A page index (0-based) kept between 0 and the last page. */
export function clampPage(page: number, totalPages: number | null | undefined): number {
  return Math.min(Math.max(0, Math.floor(page) || 0), pageCount(totalPages) - 1);
}

export interface PagerState {
  /** The page index (0-based), kept in bounds. */
  page: number;
  /** The page's number as shown (1-based). */
  number: number;
  pages: number;
  /** Previous is disabled on the first page and Next on the last. */
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pagerState(page: number, totalPages: number | null | undefined): PagerState {
  const pages = pageCount(totalPages);
  const current = clampPage(page, pages);
  return { page: current, number: current + 1, pages, hasPrevious: current > 0, hasNext: current < pages - 1 };
}

/** 'Page X of Y', the label of most pagers. */
export function pageLabel({ number, pages }: Pick<PagerState, 'number' | 'pages'>): string {
  return i18n.t('pager.pageOf', { number, pages });
}
