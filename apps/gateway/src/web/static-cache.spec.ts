import { webCacheControl } from './static-cache.js';

describe(webCacheControl.name, () => {
  it('caches hashed build assets for a year as immutable, also their compressed variants', () => {
    expect(webCacheControl('/srv/web/dist/assets/index-DEblVUCg.js')).toBe('public, max-age=31536000, immutable');
    expect(webCacheControl('/srv/web/dist/assets/index-DEblVUCg.js.br')).toBe('public, max-age=31536000, immutable');
  });

  it('has every other file revalidated, since its name stays across releases', () => {
    expect(webCacheControl('/srv/web/dist/favicon.svg')).toBe('no-cache');
    expect(webCacheControl('/srv/web/dist/index.html')).toBe('no-cache');
    expect(webCacheControl('/srv/web/dist/screenshots/dashboard.png')).toBe('no-cache');
  });

  it('never caches the service worker or the web app manifest for long, so a deployment is seen on the next load (issue 34)', () => {
    expect(webCacheControl('/srv/web/dist/sw.js')).toBe('no-cache');
    expect(webCacheControl('/srv/web/dist/sw.js.br')).toBe('no-cache');
    expect(webCacheControl('/srv/web/dist/manifest.webmanifest')).toBe('no-cache');
    expect(webCacheControl('/srv/web/dist/icons/icon-512.png')).toBe('no-cache');
  });
});
