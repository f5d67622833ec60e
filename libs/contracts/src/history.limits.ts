// A machine's history lists: its fuel records, service records and part purchases (issue 25, item 9).
// Plain values: the SPA reads them at run time through `@wrenchlog/contracts/limits`.

export const MACHINE_HISTORY_LIMITS = {
  /**
   * A call without `page` or `size` answers the newest this many only (what the spec's calls
   * answered before, within a bound): a machine with 130,000 fuel records no longer answers 38 MB.
   */
  unpaged: 500,
  /** The page size when `page` is given without `size` (the web app's "Load more" step). */
  pageSize: 50,
} as const;

/** `page` and `size` of a history call, when the caller pages (both optional; absent: unpaged). */
export interface HistoryWindow {
  page?: number;
  size?: number;
}
