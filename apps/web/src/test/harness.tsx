import { jest } from '@jest/globals';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../app/App';
import { createAppServices, type AppServices } from '../app/services';

export type Handler = (req: { method: string; url: string; body: unknown; headers: Headers }) => Response | Promise<Response> | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers from `routes` ("GET /api/x" → handler), 404 for anything else; records the calls. */
export function mockFetch(routes: Record<string, Handler | Response | (() => Response)>) {
  const calls: { method: string; url: string; body: unknown; headers: Headers }[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // text body
      }
    }
    const req = { method, url, body, headers: new Headers(init.headers) };
    calls.push(req);
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (!handler) {
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found', correlationId: 'test' }, 404);
    }
    if (handler instanceof Response) {
      return handler.clone();
    }
    const res = await (handler as Handler)(req);
    return res ?? json({}, 500);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

/** Never settles: a request that is still loading. */
export const pending: Handler = () => new Promise<Response>(() => undefined);

export function signIn(token = 'token-1', lifetimeMs = 15 * 60_000): void {
  localStorage.setItem('wrenchlog.token', token);
  localStorage.setItem('wrenchlog.expiry', String(Date.now() + lifetimeMs));
  localStorage.setItem('wrenchlog.type', 'Bearer');
}

export interface Rendered {
  services: AppServices;
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders `routes` (or one element at `path`) with the app's providers and a memory router. */
export function renderApp(
  routesOrElement: RouteObject[] | ReactElement,
  { url = '/', path = '*', services }: { url?: string; path?: string; services?: AppServices } = {},
): Rendered {
  const s = services ?? createAppServices({ locks: undefined, onStorage: undefined });
  const routes = Array.isArray(routesOrElement)
    ? routesOrElement
    : [
        { path, element: routesOrElement },
        { path: '*', element: <div>elsewhere</div> },
      ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  s.setNavigate((to) => void router.navigate(to));
  if (!services && s.session.read()) {
    // Mark the stored session as signed in, as the start-up check would.
    (s.session as unknown as { set(v: object): void }).set({
      status: 'authenticated',
      user: { id: 1, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0 },
    });
  }
  render(
    <AppProviders services={s} queryClient={createQueryClient({ retry: false })} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { services: s, router };
}
