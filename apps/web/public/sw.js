/* global self */
/* Wrenchlog's service worker: browser push only (issue 24). It caches nothing and handles no
   fetch, so the app always loads fresh from the server. A push carries JSON
   {title, body?, link?, id?} (a bare text payload is shown as the title); a click opens `link`
   in an open Wrenchlog tab, or a new one. */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function readPayload(data) {
  if (!data) {
    return {};
  }
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? (parsed.notification ?? parsed) : { title: String(parsed) };
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
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: payload.id !== undefined ? `wrenchlog-${payload.id}` : undefined,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.link) || '/notifications', self.location.origin);
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
