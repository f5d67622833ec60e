import type { ServiceRecordPage, ServiceSortField } from '@wrenchlog/contracts';
import { RECENT_SERVICES_DEFAULTS } from '@wrenchlog/contracts/limits';
import { nextSort, type SortState } from '../../lib/sort';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

export type { ServiceSortField };
export type RecordSort = SortState<ServiceSortField>;

/** Spec doc 1 section 9: page size options, default 12, first page 0. */
export const PAGE_SIZES = [3, 6, 12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE: number = RECENT_SERVICES_DEFAULTS.size;
/** The list's Filter menu (spec doc 1 section 4), in the spec's order. */
export const STATUS_FILTERS = ['New', 'In Progress', 'Cancelled', 'Closed', 'Complete'] as const;

/**
 * A service record's status as shown ('In Progress' reads 'In Arbeit' in German): the known ones
 * in the reader's language, a status of one's own as typed (the stored value is never changed).
 */
export function recordStatusLabel(status: string): string {
  const path = `statuses.${status.trim()}`;
  return i18n.exists(path, { ns: 'serviceRecords' }) ? i18n.t(path as 'statuses.New', { ns: 'serviceRecords' }) : status;
}
/** Default sort: service date, newest first. */
export const DEFAULT_SORT: RecordSort = RECENT_SERVICES_DEFAULTS.sort;
export const TITLE_LIMIT = 18;
export const SEARCH_DEBOUNCE_MS = 300;

/** Everything the server call depends on. `page` counts from 0 as the API does. */
export interface RecordListParams {
  page: number;
  size: number;
  status: string | null;
  sort: RecordSort;
  q: string;
}

export const DEFAULT_PARAMS: RecordListParams = { page: 0, size: DEFAULT_PAGE_SIZE, status: null, sort: DEFAULT_SORT, q: '' };

/** Titles longer than 18 characters are cut at 18 plus an ellipsis (spec doc 1 section 2). */
export function truncateTitle(title: string | null | undefined, limit = TITLE_LIMIT): string {
  const chars = Array.from(title ?? '');
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : chars.join('');
}

/**
 * Column-header rule: clicking the active column flips its direction; a new column starts
 * ascending (the spec states this for the dashboard and is silent for this list, so the lists agree).
 */
export function nextRecordSort(current: RecordSort, field: ServiceSortField): RecordSort {
  return nextSort(current, field, 'asc');
}

/** The filter menu: clicking the active status removes the filter, any other status selects it. */
export function toggleStatus(current: string | null, clicked: string): string | null {
  return current === clicked ? null : clicked;
}

/** GET /api/services/recent?page=&size=&status=&sort=field,dir&q= (status and q only when set). */
export function recentRecordsPath(params: RecordListParams): string {
  const search = new URLSearchParams();
  search.set('page', String(Math.max(0, Math.trunc(params.page))));
  search.set('size', String(params.size));
  if (params.status) {
    search.set('status', params.status);
  }
  search.set('sort', `${params.sort.field},${params.sort.direction}`);
  const q = params.q.trim();
  if (q) {
    search.set('q', q);
  }
  return `/api/services/recent?${search.toString()}`;
}

const SORT_FIELDS: readonly ServiceSortField[] = ['machineName', 'title', 'serviceDate', 'serviceType', 'status'];

/**
 * The list's state as the page address shows it (`/services?q=oil&status=New&sort=title,asc&page=2&size=48`),
 * so Back and reload bring it back. Only what differs from the defaults is written; `page` counts from 1 here.
 */
export function listParamsToUrl(params: RecordListParams): URLSearchParams {
  const url = new URLSearchParams();
  const q = params.q.trim();
  if (q) {
    url.set('q', q);
  }
  if (params.status) {
    url.set('status', params.status);
  }
  if (params.sort.field !== DEFAULT_SORT.field || params.sort.direction !== DEFAULT_SORT.direction) {
    url.set('sort', `${params.sort.field},${params.sort.direction}`);
  }
  if (params.page > 0) {
    url.set('page', String(params.page + 1));
  }
  if (params.size !== DEFAULT_PAGE_SIZE) {
    url.set('size', String(params.size));
  }
  return url;
}

/** The list's state from its address; anything unknown or out of range falls back to its default. */
export function listParamsFromUrl(url: URLSearchParams): RecordListParams {
  const status = url.get('status');
  const [field, direction] = (url.get('sort') ?? '').split(',');
  const page = Number(url.get('page'));
  const size = Number(url.get('size'));
  return {
    q: (url.get('q') ?? '').trim(),
    status: status && (STATUS_FILTERS as readonly string[]).includes(status) ? status : null,
    sort:
      SORT_FIELDS.includes(field as ServiceSortField) && (direction === 'asc' || direction === 'desc')
        ? { field: field as ServiceSortField, direction }
        : DEFAULT_SORT,
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Whether a search or a status filter narrows the list (decides which empty text shows). */
export function isFiltered(params: Pick<RecordListParams, 'status' | 'q'>): boolean {
  return params.status !== null || params.q.trim() !== '';
}

/** Service type colours (spec doc 1 section 4): Maintenance blue, Repair yellow, Inspection green, Recall red, others grey. */
export function serviceTypeColor(type: string | null | undefined): 'blue' | 'yellow' | 'green' | 'red' | 'gray' {
  switch ((type ?? '').trim().toLowerCase()) {
    case 'maintenance':
      return 'blue';
    case 'repair':
      return 'yellow';
    case 'inspection':
      return 'green';
    case 'recall':
      return 'red';
    default:
      return 'gray';
  }
}

/** Service status colours; the spec names none, so these only tell open work from finished work. */
export function serviceStatusColor(status: string | null | undefined): 'blue' | 'orange' | 'green' | 'gray' {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'new':
      return 'blue';
    case 'in progress':
    case 'on hold':
      return 'orange';
    case 'complete':
    case 'closed':
      return 'green';
    default:
      return 'gray';
  }
}

export type { ServiceRecordPage };
