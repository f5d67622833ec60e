import { lazy, Suspense, useSyncExternalStore } from 'react';
import { offlineStatus } from './offline-status';
import type { OutboxSnapshot } from './outbox';
import { useOutbox } from './queued';
import { updateAvailable } from './service-worker';
import OfflineBar from './OfflineBar';
import UpdatePrompt from './UpdatePrompt';

// The shell's offline pieces (issue 34), each rendered only when it has something to show: the queue
// button (loaded then, with its drawer) while writes wait, the "Offline, as of" bar while offline,
// the update prompt while a new version waits. The bar and the prompt are small and stay in the
// first page's chunk: loading them on demand made the bundler split shared chunks, a net loss.

const OutboxButton = lazy(() => import('./OutboxButton'));

const EMPTY: OutboxSnapshot = { writes: [], sendingId: null };
const none = () => () => undefined;
const empty = () => EMPTY;

export function OutboxIndicator() {
  const outbox = useOutbox();
  const { writes } = useSyncExternalStore(outbox?.subscribe ?? none, outbox?.getSnapshot ?? empty, outbox?.getSnapshot ?? empty);
  return writes.length > 0 ? (
    <Suspense fallback={null}>
      <OutboxButton />
    </Suspense>
  ) : null;
}

export function OfflineIndicator() {
  const { online, asOf } = useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get, offlineStatus.get);
  return online && asOf === null ? null : <OfflineBar />;
}

export function UpdateIndicator() {
  const reload = useSyncExternalStore(updateAvailable.subscribe, updateAvailable.get, updateAvailable.get);
  return reload ? <UpdatePrompt /> : null;
}
