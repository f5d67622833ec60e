import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ApiError } from '../api/client';
import { ServicesProvider } from '../core/context';
import { routes } from './routes';
import type { AppServices } from './services';
import { cssVariablesResolver, theme } from '../core/theme';
import { PreferencesSync } from '../core/preferences';
import '../core/i18n/i18n';

// The toasts' container comes after the first paint: it is needed only once a save announces
// something (voided readings), and in the entry it took the first load over its budget.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One retry for network and server errors; a 4xx answer will not change by asking again.
        retry: (count, err) => retry && count < 1 && !(err instanceof ApiError && err.status < 500),
        staleTime: 15_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Providers shared by the app and the component tests. */
export function AppProviders({
  services,
  queryClient,
  children,
  env,
}: {
  services: AppServices;
  queryClient: QueryClient;
  children: React.ReactNode;
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env} defaultColorScheme="auto">
      <Suspense fallback={null}>
        <Notifications position="top-center" />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <ServicesProvider services={services}>
          {/* Component tests script every call of the screen they test: the preferences stay the defaults there. */}
          <PreferencesSync enabled={env !== 'test'}>{children}</PreferencesSync>
        </ServicesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function App({ services }: { services: AppServices }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const r = createBrowserRouter(routes);
    services.setNavigate((to) => void r.navigate(to));
    return r;
  });
  return (
    <AppProviders services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
