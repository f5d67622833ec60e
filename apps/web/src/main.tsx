import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startLanguage } from './core/i18n/i18n';
import { createAppServices } from './app/services';
import { registerServiceWorker } from './core/offline/service-worker';
import { tokenOwner } from './core/offline/api-cache-rules';
import { outboxRef } from './core/offline/queued';

const services = createAppServices();
const root = createRoot(document.getElementById('root')!);

// The start-up check runs before the first render (spec doc 2 section 6).
// The device's language is loaded alongside, so a German or Spanish page does not flash English.
void Promise.all([
  services.session.start(`${window.location.pathname}${window.location.search}`).catch((err: unknown) => console.error('Start-up check failed', err)),
  startLanguage(),
]).finally(() => {
  // Issue 34: the installable, offline app (the worker) and the queue of writes made offline.
  void registerServiceWorker();
  void import('./core/offline/start-offline').then((offline) =>
    outboxRef.set(offline.startOffline(services.api, services.session, () => tokenOwner(services.session.authorization()?.token))),
  );
  root.render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
});
