import { useSyncExternalStore } from 'react';
import type { Outbox } from './outbox';

// The small part of the offline queue (issue 34) the first page carries: which creates may wait on
// the device, the error a create answers when it was kept, and where the outbox is once loaded
// (start-offline.ts loads it, with IndexedDB, after the first render).

/** The creates that may wait on the device, by route (generic: a new kind is one more row). */
export const QUEUED_ROUTES: ReadonlyArray<{ pattern: RegExp; kind: string }> = [
  { pattern: /^\/api\/fuel-records$/, kind: 'Fuel record' },
  { pattern: /^\/api\/meters\/\d+\/readings$/, kind: 'Meter reading' },
  { pattern: /^\/api\/services\/fastCreate$/, kind: 'Service record' },
  // Issue 35: both creates take an Idempotency-Key, so a resend answers the first issue or inspection.
  { pattern: /^\/api\/machines\/\d+\/issues$/, kind: 'Issue' },
  { pattern: /^\/api\/machines\/\d+\/inspections$/, kind: 'Inspection' },
];

/** The kind of a create that may be queued, or null. */
export function queuedKind(method: string, path: string): string | null {
  return method === 'POST' ? (QUEUED_ROUTES.find((r) => r.pattern.test(path))?.kind ?? null) : null;
}

/** What the form shows of a kept write. */
export interface KeptWrite {
  id: number;
  key: string;
  kind: string;
}

/** What a create answers when it was kept on the device instead of sent: the form says "waiting to send". */
export class QueuedOffline extends Error {
  override readonly name = 'QueuedOffline';
  constructor(readonly entry: KeptWrite) {
    super(`${entry.kind} saved on this device: waiting to send`);
  }
}

export function isQueuedOffline(err: unknown): err is QueuedOffline {
  return err instanceof QueuedOffline;
}

/** A request that never reached the server (fetch rejects with a TypeError when offline). */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof DOMException && err.name === 'NetworkError');
}

let current: Outbox | null = null;
const listeners = new Set<() => void>();

/** This device's outbox once loaded (null before, and where IndexedDB is missing). */
export const outboxRef = {
  get: (): Outbox | null => current,
  set(outbox: Outbox | null): void {
    current = outbox;
    listeners.forEach((l) => l());
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useOutbox(): Outbox | null {
  return useSyncExternalStore(outboxRef.subscribe, outboxRef.get, outboxRef.get);
}
