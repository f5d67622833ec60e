import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Drops a deleted record's cached queries (`key` and everything under it) once no screen observes
 * them. The screen that ran the delete is still mounted until it leaves, and a removed query that is
 * still observed is fetched again on its next render: a 404 for a record that is gone.
 */
export function forgetOnceUnobserved(queryClient: QueryClient, key: QueryKey): void {
  const cache = queryClient.getQueryCache();
  const observed = () => cache.findAll({ queryKey: key }).some((q) => q.getObserversCount() > 0);
  void queryClient.cancelQueries({ queryKey: key });
  if (!observed()) {
    queryClient.removeQueries({ queryKey: key });
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'observerRemoved' && !observed()) {
      unsubscribe();
      queryClient.removeQueries({ queryKey: key });
    }
  });
}

/** Whether `key` is `parent` or lies under it (the prefix match of TanStack Query's filters). */
export function isUnder(key: QueryKey, parent: QueryKey): boolean {
  return parent.every((part, i) => key[i] === part);
}
