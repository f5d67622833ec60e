import type { GatewayEnv } from '../config/gateway-env.js';

/** Extra Content-Security-Policy sources, per directive, that the configured marketing tags need. */
export interface MarketingCspSources {
  scriptSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
}

/**
 * The hosts the advertising pixel and the tag manager load from and report to, only for the tags the
 * operator switched on; none by default, so the policy stays 'self'. The web app loads both scripts by
 * URL (no inline snippet), so no 'unsafe-inline' is needed. Tags a GTM container adds itself need
 * their own hosts here.
 */
export function marketingCspSources(env: Pick<GatewayEnv, 'META_PIXEL_ID' | 'GTM_ID'>): MarketingCspSources {
  const sources: MarketingCspSources = { scriptSrc: [], imgSrc: [], connectSrc: [] };
  if (env.META_PIXEL_ID) {
    sources.scriptSrc.push('https://connect.facebook.net');
    sources.imgSrc.push('https://www.facebook.com');
    sources.connectSrc.push('https://www.facebook.com', 'https://connect.facebook.net');
  }
  if (env.GTM_ID) {
    sources.scriptSrc.push('https://www.googletagmanager.com');
    sources.imgSrc.push('https://www.googletagmanager.com', 'https://www.google-analytics.com');
    sources.connectSrc.push(
      'https://www.googletagmanager.com',
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    );
  }
  return sources;
}
