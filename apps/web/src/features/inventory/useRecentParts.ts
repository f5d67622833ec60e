import { useCallback, useState } from 'react';
import { useSession } from '../../core/context';
import { readRecent, writeRecent, type RecentPart } from './inventory-logic';

/** The signed-in user's Recently Viewed list, kept in local storage under their id. */
export function useRecentParts() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const load = (id: number | null) => (id === null ? [] : readRecent(localStorage, id));
  const [state, setState] = useState<{ userId: number | null; list: RecentPart[] }>(() => ({ userId, list: load(userId) }));
  // Another user signed in: their own list.
  const list = state.userId === userId ? state.list : load(userId);
  const change = useCallback(
    (fn: (list: RecentPart[]) => RecentPart[]) => {
      setState((current) => {
        const next = fn(current.userId === userId ? current.list : load(userId));
        if (userId !== null) {
          writeRecent(localStorage, userId, next);
        }
        return { userId, list: next };
      });
    },
    [userId],
  );
  return { list, change };
}
