import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { MOBILE_SCROLL_OFFSET, SCROLL_OFFSET } from '../../core/scroll-offsets';

export const SCROLL_DELAY_MS = 100;

/** Scrolls to the top on navigation, or to the anchor (after 100 ms, 64 px offset, 55 px below 768 px). */
export function useScrollManager(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        const offset = window.innerWidth < 768 ? MOBILE_SCROLL_OFFSET : SCROLL_OFFSET;
        window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - offset, behavior: 'smooth' });
      }
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);
}
