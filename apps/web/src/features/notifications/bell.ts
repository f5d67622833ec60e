// The header bell's texts. Its own module: the bell is on every page, and this keeps the
// contracts' notification limits (notification-logic.ts) out of the first load.

/** The bell's badge: nothing at 0, the count up to 99, then "99+". */
export function unreadBadge(count: number | null | undefined): string | null {
  if (!count || count < 1) {
    return null;
  }
  return count > 99 ? '99+' : String(count);
}

export function bellLabel(count: number | null | undefined): string {
  if (!count || count < 1) {
    return 'Notifications';
  }
  return `Notifications, ${count} unread`;
}
