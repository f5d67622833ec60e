// Browser push on this device: the push-only service worker (public/sw.js) and the
// PushManager subscription the server sends to. No React here.

export const SERVICE_WORKER_URL = '/sw.js';

/** A refusal worded for the user (permission blocked, no support), shown as it is. */
export class PushSetupError extends Error {
  override readonly name = 'PushSetupError';
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The worker's registration (registered on first use), or null where it cannot run. */
export async function pushRegistration(register: boolean): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) {
    return null;
  }
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  if (existing || !register) {
    return existing ?? null;
  }
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This device's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await pushRegistration(false);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Asks permission and subscribes with the server's key; throws a readable Error when refused. */
export async function subscribe(applicationServerKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError('Notifications are blocked for this site: allow them in the browser settings, then try again.');
  }
  const registration = await pushRegistration(true);
  if (!registration) {
    throw new PushSetupError('This browser does not support push notifications.');
  }
  const existing = await registration.pushManager.getSubscription();
  return existing ?? registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}
