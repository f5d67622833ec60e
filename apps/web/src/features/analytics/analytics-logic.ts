// Pure rules of the Analytics tab (spec doc 2 sections 2, 5 and 9): no React, no network.
import type { PageView, PageViewDailyCount } from '@wrenchlog/contracts';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

const t = i18n.getFixedT(null, 'analytics');

/** Section 9: path '/', 50 records for by-page, 100 for recent, 10 rows per client page. */
export const ANALYTICS_DEFAULTS = { page: '/', byPageCount: 50, recentCount: 100, rowsPerPage: 10, chartDays: 30 } as const;
export const MAX_COUNT = 1000;

/** The spec's texts of the tab (doc 2 section 5), in the reader's language. */
export function analyticsMessage(key: 'byPage' | 'recent' | 'empty'): string {
  return t(`messages.${key}`);
}

/** Client pages of `rows` records: at least 1. */
export function clientPageCount(rows: number, perPage: number = ANALYTICS_DEFAULTS.rowsPerPage): number {
  return Math.max(1, Math.ceil(rows / perPage));
}

/** A 1-based page kept from 1 to the total page count. */
export function boundPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, totalPages));
}

/** The rows of 1-based `page`, the page bounded first. */
export function pageRows<T>(rows: readonly T[], page: number, perPage: number = ANALYTICS_DEFAULTS.rowsPerPage): T[] {
  const p = boundPage(page, clientPageCount(rows.length, perPage));
  return rows.slice((p - 1) * perPage, p * perPage);
}

/** 'Displaying n of m fetched records.' */
export function displayingText(shown: number, fetched: number): string {
  return t('displaying', { shown, fetched });
}

/** The referrer, or 'N/A' when there is none. */
export function referrerText(referrer: PageView['referrer']): string {
  return referrer?.trim() ? referrer : t('na');
}

/** A record count typed by the admin: a whole number from 1 to 1000, else null. */
export function parseCount(value: string | number): number | null {
  const text = String(value).trim();
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 1 && n <= MAX_COUNT ? n : null;
}

/** YYYY-MM-DD of a UTC day, `offset` days from `now`'s. */
function utcDay(now: Date, offset: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
  return d.toISOString().slice(0, 10);
}

/**
 * Views per UTC day over the last `days` days (oldest first), every page summed, days without
 * counts as 0, so the chart's axis is a real calendar.
 */
export function dailyTotals(rows: readonly PageViewDailyCount[], days: number, now: Date): { day: string; views: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) {
    totals.set(r.day, (totals.get(r.day) ?? 0) + r.count);
  }
  return Array.from({ length: days }, (_, i) => {
    const day = utcDay(now, i - days + 1);
    return { day, views: totals.get(day) ?? 0 };
  });
}

/** The pages with the most views in `rows`, most first (ties by path). */
export function topPages(rows: readonly PageViewDailyCount[], limit: number): { page: string; views: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) {
    totals.set(r.page, (totals.get(r.page) ?? 0) + r.count);
  }
  return [...totals.entries()]
    .map(([page, views]) => ({ page, views }))
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page))
    .slice(0, limit);
}
