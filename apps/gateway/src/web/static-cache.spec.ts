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
});
