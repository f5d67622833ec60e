/// <reference lib="webworker" />
// Wrenchlog's service worker (issue 34; built by vite-plugin-pwa's injectManifest into /sw.js).
// - The app shell (index.html, every hashed script and style, icons) is precached, so the app opens
//   without a connection. A new deployment installs a new worker that waits: the app shows "A new
//   version is available - Reload" and sends SKIP_WAITING when the user accepts (registerType prompt).
// - The API reads of the screens used in the field are network-first: the network's answer is always
//   used when there is one (any status); the last one stored is used only when the network failed,
//   marked with the time it was stored (api-cache-rules.ts), so it is never shown as fresh.
// - Browser push (issue 24), as the push-only worker before it did.
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, apiCacheKey, FROM_CACHE_HEADER, isCachedRead, STORED_AT_HEADER } from '../core/offline/api-cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once (so what it reads is kept for offline use); a later
// one waits for the user's Reload (SKIP_WAITING below), then takes the pages that reload.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// Every screen of the SPA is index.html (the gateway's history fallback does the same online).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

function withHeader(response: Response, name: string, value: string, body: BodyInit | null): Response {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCachedRead(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    // The key names the account and member (apiCacheKey): the token itself may differ after a refresh.
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request.url, request.headers.get('authorization')) ?? request,
        // Only a whole answer of a signed-in read is kept, with the time it was stored.
        cacheWillUpdate: async ({ request, response }) =>
          response.status === 200 && apiCacheKey(request.url, request.headers.get('authorization'))
            ? withHeader(response, STORED_AT_HEADER, String(Date.now()), await response.blob())
            : null,
        // NetworkFirst reads the cache only when the network failed: say so to the app.
        cachedResponseWillBeUsed: async ({ cachedResponse }) =>
          cachedResponse ? withHeader(cachedResponse, FROM_CACHE_HEADER, '1', await cachedResponse.blob()) : null,
      },
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// --- Browser push (issue 24) ---
// A push carries JSON {title, body?, link?, id?} (a bare text payload is shown as the title); a
// click opens `link` in an open Wrenchlog tab, or a new one.

interface PushPayload {
  title?: string;
  body?: string;
  link?: string;
  url?: string;
  id?: string | number;
}

function readPayload(data: PushMessageData | null): PushPayload {
  if (!data) {
    return {};
  }
  try {
    const parsed = data.json() as unknown;
    return parsed && typeof parsed === 'object'
      ? (((parsed as { notification?: PushPayload }).notification ?? parsed) as PushPayload)
      : { title: String(parsed) };
  } catch {
    return { title: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = payload.title || 'Wrenchlog';
  const link = payload.link || payload.url || '/notifications';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body || '',
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      tag: payload.id !== undefined ? `wrenchlog-${payload.id}` : undefined,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { link?: string } | null;
  const target = new URL(data?.link || '/notifications', self.location.origin);
  // Only this site's screens: a link elsewhere opens the notifications list instead.
  const url = target.origin === self.location.origin ? target.href : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // navigate() needs a tab this worker controls; any other opens a new one.
        return open
          .focus()
          .then((w) => w.navigate(url))
          .catch(() => self.clients.openWindow(url));
      }
      return self.clients.openWindow(url);
    }),
  );
});
