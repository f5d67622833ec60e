import { offlineAsOf } from './api-cache-rules';

// Whether the screens show what this device stored rather than the server's answer (issue 34): the
// API client reports each answer; one the service worker took from its cache carries the time it was
// stored, and the oldest such time since the last fresh answer is the "as of" the shell shows.

export interface OfflineState {
  online: boolean;
  /** Oldest stored time of the answers shown from the device since the last fresh one, or null. */
  asOf: number | null;
}

let state: OfflineState = { online: typeof navigator === 'undefined' ? true : navigator.onLine, asOf: null };
const listeners = new Set<() => void>();

function set(next: OfflineState): void {
  if (next.online !== state.online || next.asOf !== state.asOf) {
    state = next;
    listeners.forEach((l) => l());
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ ...state, online: true }));
  window.addEventListener('offline', () => set({ ...state, online: false }));
}

export const offlineStatus = {
  get: (): OfflineState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Every API answer passes here. */
  report(headers: Headers | undefined): void {
    if (!headers) {
      return;
    }
    const asOf = offlineAsOf(headers);
    if (asOf === null) {
      set({ ...state, asOf: null });
    } else {
      set({ online: false, asOf: state.asOf === null ? asOf : Math.min(state.asOf, asOf) });
    }
  },
};
