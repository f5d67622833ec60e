import type { ApiClient } from '../../api/client';

/** GET /api/public-config: the operator's marketing tag ids, null when off (the default). */
export interface PublicConfig {
  metaPixelId: string | null;
  googleTagManagerId: string | null;
}

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  loaded?: boolean;
  version?: string;
  push?: unknown;
  callMethod?: (...args: unknown[]) => void;
};
type TagWindow = Window & { fbq?: Fbq; _fbq?: Fbq; dataLayer?: unknown[] };

let config: Promise<PublicConfig | null> | null = null;

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** The vendors' documented loaders, reduced to what the public pages use: a queue now, the script when it arrives. */
function installPixel(w: TagWindow, id: string): void {
  const fbq: Fbq = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args));
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  w.fbq = fbq;
  w._fbq = fbq;
  loadScript('https://connect.facebook.net/en_US/fbevents.js');
  fbq('init', id);
}

function installTagManager(w: TagWindow, id: string): void {
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

/**
 * Sends a public page view to the advertising pixel and the tag manager, but only those the operator
 * configured (META_PIXEL_ID, GTM_ID on the gateway). By default both are off and a self-hosted install
 * sends nothing to third parties; the signed-in app never loads them. The config is read once per load.
 */
export async function trackMarketingPageView(api: ApiClient, path: string): Promise<void> {
  config ??= api.get<PublicConfig>('/api/public-config').catch((err: unknown) => {
    console.warn('Public config not loaded; no marketing tags', err);
    return null;
  });
  const ids = await config;
  const w = window as TagWindow;
  if (ids?.metaPixelId) {
    if (!w.fbq) {
      installPixel(w, ids.metaPixelId);
    }
    w.fbq!('track', 'PageView');
  }
  if (ids?.googleTagManagerId) {
    if (!w.dataLayer?.some((e) => (e as { event?: string }).event === 'gtm.js')) {
      installTagManager(w, ids.googleTagManagerId);
    }
    w.dataLayer!.push({ event: 'wrenchlog.pageview', page: path });
  }
}

/** Tests only: forget the cached config. */
export function resetMarketingTagsForTests(): void {
  config = null;
}
