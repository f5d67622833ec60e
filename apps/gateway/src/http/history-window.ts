import { MACHINE_HISTORY_LIMITS, type HistoryWindow, type PageQuery } from '@wrenchlog/contracts';
import { validationFailed } from '@wrenchlog/platform';

/** Far past any real history, and small enough that page × size stays an exact offset. */
const MAX_HISTORY_PAGE = 1_000_000;

/**
 * The window of a machine's history list (issue 25, item 9): none when the call names neither
 * `page` nor `size` (the service answers the newest MACHINE_HISTORY_LIMITS.unpaged, as an array),
 * else a page, `size` defaulting to MACHINE_HISTORY_LIMITS.pageSize.
 */
export function historyWindow(query: PageQuery): HistoryWindow {
  if (query.page === undefined && query.size === undefined) {
    return {};
  }
  const page = query.page ?? 0;
  if (page > MAX_HISTORY_PAGE) {
    const message = `Page must be at most ${MAX_HISTORY_PAGE}`;
    throw validationFailed(message, [{ field: 'page', message }]);
  }
  return { page, size: query.size ?? MACHINE_HISTORY_LIMITS.pageSize };
}
