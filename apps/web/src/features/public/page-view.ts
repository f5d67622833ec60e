import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useApi } from '../../core/context';
import { trackMarketingPageView } from './marketing-tags';

/**
 * Records one page view when a public page loads (spec doc 2 section 2). Only the path, the referrer
 * and the browser are sent: the server stamps its own time, the caller's address and country. A
 * failure is logged and never shown (a visitor has nothing to do about it). Query changes on the
 * same page (the landing tabs) are not new views.
 */
export function usePageView(): void {
  const api = useApi();
  const { pathname } = useLocation();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    // StrictMode runs effects twice in development: one view per path per mount.
    if (recorded.current === pathname) {
      return;
    }
    recorded.current = pathname;
    api
      .post('/api/analytics/pageview', { page: pathname, referrer: document.referrer || null, userAgent: navigator.userAgent })
      .catch((err: unknown) => console.warn('Page view not recorded', err));
    void trackMarketingPageView(api, pathname);
  }, [api, pathname]);
}
