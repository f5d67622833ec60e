// Registers the app's service worker (src/sw/sw.ts, built to /sw.js) and tells when a new version
// waits (issue 34, registerType prompt): the new worker takes over only when the user chooses
// Reload, so a form half typed is never swept away, and a new deployment is still seen on the
// next load (the browser checks /sw.js, served with no-cache, on every navigation).

type Listener = () => void;

let waiting: (() => void) | null = null;
const listeners = new Set<Listener>();

/** The Reload action while a new version waits, else null; `subscribe` for React. */
export const updateAvailable = {
  get: (): (() => void) | null => waiting,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Registers /sw.js where service workers run (never in the dev server: no build, no worker). */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  // Loaded after the first render: the first page's JavaScript stays as it was (issue 34's budget).
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    waiting = () => {
      // Reload once the new worker controls this page, so page and worker are the same version.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    listeners.forEach((l) => l());
  });
  await wb.register().then((registration) => {
    // A tab left open for days also learns of a deployment when it comes back to the front.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') {
        void registration?.update().catch(() => undefined);
      }
    });
  });
}
