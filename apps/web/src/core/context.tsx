import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AppServices } from '../app/services';

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) {
    throw new Error('useServices outside ServicesProvider');
  }
  return services;
}

export function useApi() {
  return useServices().api;
}

/** The session state ({status, user}), re-rendering on change. */
export function useSession() {
  const { session } = useServices();
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { ...snapshot, session };
}
